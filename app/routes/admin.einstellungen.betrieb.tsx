import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { COUNTRIES, LOGO_MAX_BYTES, logoPath, parseVenueProfile, PROFILE_LIMITS, profileFormValues } from "~/domain/venue-profile";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { fileBytes, profileOverview, readSettingsForm, removeLogo, saveLogo, saveVenueProfile } from "~/server/staff/venue-profile-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Betrieb", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const profile = await profileOverview(await getDb());
  return { staff: { email: staff.email }, values: profileFormValues(profile), logoUrl: profile.logo ? logoPath(profile.logo) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const read = await readSettingsForm(request);
  if (!read.ok) return data<SettingsActionData>({ form: "logo", ok: false, message: read.message, errors: { logo: read.message } }, { status: 400 });
  const form = read.form;
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "logo") {
    const result = await saveLogo(db, staff, await fileBytes(form.get("logo")));
    return data<SettingsActionData>(
      { form: "logo", ok: result.ok, message: result.message, errors: result.ok ? undefined : { logo: result.message } },
      { status: result.ok ? 200 : 400 },
    );
  }
  if (intent === "remove-logo") {
    const result = await removeLogo(db, staff);
    return data<SettingsActionData>({ form: "logo", ok: result.ok, message: result.message });
  }
  const parsed = parseVenueProfile(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: "profile", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveVenueProfile(db, staff, parsed.value);
  return data<SettingsActionData>({ form: "profile", ok: result.ok, message: result.message });
}

function TextArea({ name, label, hint, value, answer, maxLength }: { name: string; label: string; hint: string; value: string; answer?: SettingsActionData; maxLength: number }) {
  const id = `profile-${name}`;
  const error = answer?.errors?.[name];
  const shown = answer && !answer.ok && answer.values && name in answer.values ? answer.values[name] : value;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="muted field-hint">
        {hint}
      </p>
      <textarea
        id={id}
        name={name}
        rows={4}
        maxLength={maxLength}
        defaultValue={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The venue's identity (issue #28 §1): what every page, e-mail, calendar entry and the AGB show. */
export default function VenueProfilePage() {
  const { staff, values, logoUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  const answer = answerFor(actionData, "profile");
  const logoAnswer = answerFor(actionData, "logo");
  const logoError = logoAnswer?.errors?.logo;
  const countryShown = answer && !answer.ok && answer.values?.country ? answer.values.country : values.country;
  return (
    <Page title="Betrieb" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/betrieb" />
      <SettingsSection title="Name, Adresse und Kontakt" id="profile-title">
        <p className="muted">So erscheint der Betrieb in der Fusszeile jeder Seite, auf den Bestätigungen, in allen E-Mails, Kalendereinträgen und den AGB.</p>
        <Form method="post" noValidate key={JSON.stringify(values)}>
          <input type="hidden" name="intent" value="profile" />
          <div className="grid-2">
            <SettingsField form="profile" name="name" label="Name des Betriebs" autoComplete="organization" maxLength={PROFILE_LIMITS.name} answer={answer} value={values.name} />
            <SettingsField form="profile" name="street" label="Strasse und Nr." autoComplete="street-address" maxLength={PROFILE_LIMITS.street} answer={answer} value={values.street} />
            <SettingsField form="profile" name="zip" label="PLZ" inputMode="numeric" autoComplete="postal-code" maxLength={PROFILE_LIMITS.zip} answer={answer} value={values.zip} />
            <SettingsField form="profile" name="city" label="Ort" autoComplete="address-level2" maxLength={PROFILE_LIMITS.city} answer={answer} value={values.city} />
            <div className="field">
              <label htmlFor="profile-country">Land</label>
              <select id="profile-country" name="country" defaultValue={countryShown}>
                {Object.entries(COUNTRIES).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <SettingsField form="profile" name="phone" label="Telefon" type="tel" autoComplete="tel" maxLength={40} answer={answer} value={values.phone} hint="Schweizer Nummern auch ohne +41, z. B. 044 555 12 34." />
            <SettingsField form="profile" name="email" label="E-Mail" type="email" autoComplete="email" maxLength={PROFILE_LIMITS.email} answer={answer} value={values.email} />
            <SettingsField form="profile" name="website" label="Webadresse (optional)" type="url" autoComplete="url" maxLength={PROFILE_LIMITS.website} answer={answer} value={values.website} />
            <SettingsField form="profile" name="uidNumber" label="UID / MWST-Nummer (optional)" maxLength={40} answer={answer} value={values.uidNumber} hint="Format CHE-123.456.789 MWST." />
            <SettingsField form="profile" name="iban" label="IBAN für Rechnungen (optional)" maxLength={42} answer={answer} value={values.iban} hint="Schweizer oder Liechtensteiner Konto (CH… oder LI…)." />
          </div>
          <TextArea name="arrivalNote" label="Hinweis zur Anreise" hint="Steht auf den Bestätigungsseiten und in den E-Mails zu einer Buchung." maxLength={PROFILE_LIMITS.arrivalNote} value={values.arrivalNote} answer={answer} />
          <TextArea name="about" label="Über uns" hint="Kurzer Text für die Startseite." maxLength={PROFILE_LIMITS.about} value={values.about} answer={answer} />
          <FormMessage answer={answer} />
          <button type="submit" className="button">
            Speichern
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title="Logo" id="logo-title">
        {logoUrl ? (
          <p>
            <img src={logoUrl} alt="Aktuelles Logo" className="logo-preview" />
          </p>
        ) : (
          <p className="muted">Es wird das Standardlogo gezeigt.</p>
        )}
        <Form method="post" encType="multipart/form-data" noValidate>
          <input type="hidden" name="intent" value="logo" />
          <div className="field">
            <label htmlFor="logo-file">Neues Logo</label>
            <p id="logo-file-hint" className="muted field-hint">
              PNG, JPEG oder WebP, höchstens {LOGO_MAX_BYTES / 1024} KB. SVG ist aus Sicherheitsgründen nicht erlaubt.
            </p>
            <input
              id="logo-file"
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-invalid={logoError ? true : undefined}
              aria-describedby={["logo-file-hint", logoError ? "logo-file-error" : null].filter(Boolean).join(" ")}
            />
            {logoError ? (
              <p id="logo-file-error" className="field-error">
                {logoError}
              </p>
            ) : null}
          </div>
          {logoAnswer?.ok ? <FormMessage answer={logoAnswer} /> : null}
          <button type="submit" className="button">
            Logo hochladen
          </button>
        </Form>
        {logoUrl ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-logo" />
            <button type="submit" className="button button-secondary">
              Logo entfernen
            </button>
          </Form>
        ) : null}
      </SettingsSection>
    </Page>
  );
}
