import { Form } from "@remix-run/react";
import { ProblemAlert } from "~/components/ProblemAlert";
import { GUEST_LIMITS, mealField, type GuestMeal, type GuestProblem } from "~/domain/guests";

/** The words of the guest pages these components show, in the page's language (loader data, namespace `guests`). */
export type InvitationTexts = { when: string; where: string; map: string; bring: string; deadline: string };
export type GuestFormTexts = {
  check: string;
  childName: string;
  attending: string;
  yes: string;
  no: string;
  allergies: string;
  allergiesHint: string;
  photoConsent: string;
  photoYes: string;
  photoNo: string;
  phone: string;
  phoneHint: string;
  email: string;
  emailHint: string;
};

/**
 * A guest's answer (issue #32 §2): new through the invitation link, changed through the answer's
 * own link. A plain form: the page ships no JavaScript, the server checks and answers with each
 * field's message in the page's language; the browser's part is `required` and `maxLength`.
 */
/** What every guest page shows of the party: when, where (with a map link), what to bring, until when to answer. */
export function InvitationDetails({
  view,
  t: T,
}: {
  view: { when: string; venueName: string; address: string; mapUrl: string; bring: string; bringLang?: string | null; deadline: string };
  t: InvitationTexts;
}) {
  return (
    <dl>
      <dt>{T.when}</dt>
      <dd>{view.when}</dd>
      <dt>{T.where}</dt>
      <dd>
        {view.venueName}, {view.address}{" "}
        <a href={view.mapUrl} rel="noreferrer">
          {T.map}
        </a>
      </dd>
      {view.bring ? (
        <>
          <dt>{T.bring}</dt>
          <dd className="pre-line" lang={view.bringLang ?? undefined}>
            {view.bring}
          </dd>
        </>
      ) : null}
      <dt>{T.deadline}</dt>
      <dd>{view.deadline}</dd>
    </dl>
  );
}

export function GuestAnswerForm({
  meals,
  values,
  problems,
  withEmail,
  submitLabel,
  t: T,
}: {
  /** Each meal with its label («Menü: Auswahl für das Kind»), worded by the loader. */
  meals: readonly (GuestMeal & { label: string })[];
  values: Readonly<Record<string, string>>;
  problems: readonly GuestProblem[];
  withEmail: boolean;
  submitLabel: string;
  t: GuestFormTexts;
}) {
  const problem = (field: string) => problems.find((p) => p.field === field)?.message;
  const invalid = (field: string, hint?: string) => {
    const p = problem(field);
    const describedBy = [hint, p ? `${field}-error` : null].filter(Boolean).join(" ");
    return { ...(p ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
  };
  const error = (field: string) => {
    const p = problem(field);
    return p ? (
      <p id={`${field}-error`} className="field-error">
        {p}
      </p>
    ) : null;
  };
  const radios = (field: string, legend: string, options: readonly [string, string][]) => (
    <fieldset className="field radio-list" id={field} {...(problem(field) ? { "aria-describedby": `${field}-error` } : {})}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="check-row">
          <input type="radio" name={field} value={value} defaultChecked={values[field] === value} />
          <span>{label}</span>
        </label>
      ))}
      {error(field)}
    </fieldset>
  );
  return (
    <Form method="post" noValidate>
      {problems.length > 0 ? <ProblemAlert message={T.check} problems={problems} /> : null}
      <div className="field">
        <label htmlFor="childName">{T.childName}</label>
        <input id="childName" name="childName" type="text" required autoComplete="off" maxLength={GUEST_LIMITS.childName} defaultValue={values.childName ?? ""} {...invalid("childName")} />
        {error("childName")}
      </div>
      {radios("attending", T.attending, [
        ["ja", T.yes],
        ["nein", T.no],
      ])}
      {meals.map((meal) => (
        <div className="field" key={meal.extraId}>
          <label htmlFor={mealField(meal.extraId)}>{meal.label}</label>
          <select id={mealField(meal.extraId)} name={mealField(meal.extraId)} defaultValue={values[mealField(meal.extraId)] ?? ""} {...invalid(mealField(meal.extraId))}>
            <option value="">–</option>
            {meal.choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {error(mealField(meal.extraId))}
        </div>
      ))}
      <div className="field">
        <label htmlFor="allergies">{T.allergies}</label>
        <input id="allergies" name="allergies" type="text" autoComplete="off" maxLength={GUEST_LIMITS.allergies} defaultValue={values.allergies ?? ""} {...invalid("allergies", "allergies-hint")} />
        <p id="allergies-hint" className="muted">
          {T.allergiesHint}
        </p>
        {error("allergies")}
      </div>
      {radios("photoConsent", T.photoConsent, [
        ["ja", T.photoYes],
        ["nein", T.photoNo],
      ])}
      <div className="field">
        <label htmlFor="phone">{T.phone}</label>
        <input id="phone" name="phone" type="tel" autoComplete="tel" maxLength={GUEST_LIMITS.phone} defaultValue={values.phone ?? ""} {...invalid("phone", "phone-hint")} />
        <p id="phone-hint" className="muted">
          {T.phoneHint}
        </p>
        {error("phone")}
      </div>
      {withEmail ? (
        <div className="field">
          <label htmlFor="email">{T.email}</label>
          <input id="email" name="email" type="email" autoComplete="email" maxLength={GUEST_LIMITS.email} defaultValue={values.email ?? ""} {...invalid("email", "email-hint")} />
          <p id="email-hint" className="muted">
            {T.emailHint}
          </p>
          {error("email")}
        </div>
      ) : null}
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}
