import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { HOST_TEXT } from "~/domain/guests";
import { localPageMeta } from "~/domain/page-meta";
import { isBirthdayParty } from "~/domain/party-details";
import { LOCALE, localePath } from "~/i18n/locales";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { hostAction, hostPage } from "~/server/guests/host.server";
import { familyPath, requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t, texts } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? HOST_TEXT.title, [{ name: "robots", content: "noindex" }]);
/** JavaScript only adds «Link kopieren» and a refresh of the answers every 30 seconds; every action is a plain form. */
export const handle: RouteHandle = { hydrate: true, translated: true };

const NOTICES = { erstellt: "createdNotice", neu: "renewed", zurueckgezogen: "revoked", gespeichert: "bringSaved", abgesagt: "declined", entfernt: "removed" } as const;

/**
 * The host family's invitation and guest list (issue #32 §1–3), through the manage link: the link
 * and its share actions, the answers with their status, the waiting list, the hand-over to the
 * final headcount.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const base = localePath(lang, `/buchung/${params.token!}`);
  if (!isBirthdayParty(r) || r.players !== null) throw redirect(base);
  const ok = new URL(request.url).searchParams.get("ok") ?? "";
  const T = texts(lang, "guestsHost");
  const page = await hostPage(db, r, new Date(), lang);
  const child = r.partyChildName;
  // What goes to the guests with the link speaks the link's language: the booking's (issue #33).
  const url = page.invitation?.url ?? "";
  const share = {
    text: child ? t(r.lang, "guestsHost", "shareTextChild", { child, url }) : t(r.lang, "guestsHost", "shareText", { url }),
    subject: child ? t(r.lang, "guestsHost", "mailSubjectChild", { child }) : t(r.lang, "guestsHost", "mailSubject"),
  };
  return {
    page: {
      ...page,
      rows: page.rows.map((g) => ({ ...g, declineLabel: t(lang, "guestsHost", "decline", { child: g.childName }), removeLabel: t(lang, "guestsHost", "remove", { child: g.childName }) })),
      meals: page.meals.map((meal) => ({ ...meal, label: t(lang, "guestsHost", "birthdayMeal", { name: meal.name }) })),
    },
    t: T,
    base,
    share,
    // The stored «what to bring» is the host's own words, most likely in the booking's language.
    bringLang: r.lang === lang ? undefined : LOCALE[r.lang],
    active: r.status === "confirmed",
    notice: ok in NOTICES ? T[NOTICES[ok as keyof typeof NOTICES]] : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  form.set("token", params.token!);
  const result = await hostAction(db, r, form, new Date(), lang);
  // A message of the extras change (taking the list over) may come as a shared German one.
  if (!result.ok) return data({ error: localizeMsg(lang, result.message) }, { status: result.status });
  // The persons or headcount page in the page's language (a provider's payment page as it is).
  if ("redirect" in result) return redirect(familyPath(lang, result.redirect), 303);
  return redirect(localePath(lang, `/buchung/${params.token}/gaeste?ok=${result.notice}`), 303);
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
      >
        {label}
      </button>
      <span role="status" className="muted">
        {copied ? ` ${done}` : ""}
      </span>
    </>
  );
}

export default function GuestListPage() {
  const { page, t: T, base, share, bringLang, notice, active } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  // The answers as they come: a refresh every 30 seconds while the page is visible.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  const inv = page.invitation;
  return (
    <Page title={T.title}>
      {notice ? (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="link-title">
        <h2 id="link-title">{T.linkLabel}</h2>
        {inv && !inv.revoked ? (
          <>
            <label htmlFor="invitation-link" className="visually-hidden">
              {T.linkLabel}
            </label>
            <input id="invitation-link" className="share-link" type="text" readOnly value={inv.url} />
            <p className="actions">
              {hydrated ? <CopyButton text={inv.url} label={T.copy} done={T.copied} /> : null}{" "}
              <a className="button button-secondary" href={`https://wa.me/?text=${encodeURIComponent(share.text)}`} rel="noreferrer">
                {T.whatsapp}
              </a>{" "}
              <a className="button button-secondary" href={`mailto:?subject=${encodeURIComponent(share.subject)}&body=${encodeURIComponent(share.text)}`}>
                {T.mail}
              </a>{" "}
              <a className="button button-secondary" href={`${inv.path}/drucken`}>
                {T.print}
              </a>
            </p>
            {page.canInvite ? (
              <Form method="post">
                <div className="field">
                  <label htmlFor="bring">{T.bringLabel}</label>
                  <textarea id="bring" name="bring" rows={2} maxLength={300} defaultValue={inv.bring} lang={bringLang} />
                </div>
                <p className="actions">
                  <button type="submit" name="intent" value="bring" className="button button-secondary">
                    {T.bringSave}
                  </button>
                </p>
              </Form>
            ) : null}
            <Form method="post" className="actions">
              {page.canInvite ? (
                <button type="submit" name="intent" value="renew" className="button button-secondary">
                  {T.renew}
                </button>
              ) : null}{" "}
              <button type="submit" name="intent" value="revoke" className="button button-secondary">
                {T.revoke}
              </button>
            </Form>
          </>
        ) : page.canInvite ? (
          <Form method="post">
            <p>{inv?.revoked ? T.revoked : T.manageIntro}</p>
            {!inv ? (
              <div className="field">
                <label htmlFor="bring">{T.bringLabel}</label>
                <textarea id="bring" name="bring" rows={2} maxLength={300} defaultValue={T.bringDefault} />
              </div>
            ) : null}
            <button type="submit" name="intent" value="create" className="button">
              {T.create}
            </button>
          </Form>
        ) : (
          <p>{active ? T.over : T.notActive}</p>
        )}
      </section>
      <section className="card" aria-labelledby="replies-title">
        <h2 id="replies-title">{T.repliesTitle}</h2>
        <p>{page.places}</p>
        {page.rows.length === 0 ? (
          <p>{T.noReplies}</p>
        ) : (
          <>
            <p>{page.counts}</p>
            <ul className="guest-list">
              {page.rows.map((g) => (
                <li key={g.id}>
                  <p>
                    <strong>{g.childName}</strong>
                    {T.colon} {g.answer}
                  </p>
                  {g.allergies ? (
                    <p>
                      {T.allergiesLabel} {g.allergies}
                    </p>
                  ) : null}
                  {g.meals ? (
                    <p>
                      {T.mealLabel} {g.meals}
                    </p>
                  ) : null}
                  {g.photo ? (
                    <p>
                      {T.photoLabel} {g.photo}
                    </p>
                  ) : null}
                  {g.phone ? (
                    <p>
                      {T.phoneLabel} <a href={`tel:${g.phone.replace(/[^+\d]/g, "")}`}>{g.phone}</a>
                    </p>
                  ) : null}
                  {page.canInvite ? (
                    <Form method="post" className="actions">
                      <input type="hidden" name="reply" value={g.id} />
                      {g.status === "waiting" ? (
                        <button type="submit" name="intent" value="decline" className="button button-secondary">
                          {g.declineLabel}
                        </button>
                      ) : null}{" "}
                      <button type="submit" name="intent" value="remove" className="button button-secondary">
                        {g.removeLabel}
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <a href={`${base}/gaeste`}>{T.refresh}</a>
        </p>
      </section>
      {page.waiting > 0 ? (
        <section className="card alert-warning" aria-labelledby="waiting-title">
          <h2 id="waiting-title">{T.waitingTitle}</h2>
          <p>{T.waitingIntro}</p>
          {page.raiseTo !== null ? (
            <p>
              <a className="button" href={`${base}/personen?kinder=${page.raiseTo}`}>
                {T.raise}
              </a>
            </p>
          ) : null}
          {page.tableFull ? <p>{page.tableFull}</p> : null}
        </section>
      ) : null}
      {page.takeover?.open ? (
        <section className="card" aria-labelledby="takeover-title">
          <h2 id="takeover-title">{T.takeover}</h2>
          <p>{page.takeover.intro}</p>
          <Form method="post">
            {page.meals.map((meal) => (
              <div className="field" key={meal.extraId}>
                <label htmlFor={`birthdayMeal-${meal.extraId}`}>{meal.label}</label>
                <select id={`birthdayMeal-${meal.extraId}`} name={`birthdayMeal-${meal.extraId}`} defaultValue="">
                  <option value="">–</option>
                  {meal.choices.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <button type="submit" name="intent" value="takeover" className="button">
              {T.takeover}
            </button>
          </Form>
        </section>
      ) : null}
      <p>
        <a className="button button-secondary" href={base}>
          {T.back}
        </a>
      </p>
    </Page>
  );
}
