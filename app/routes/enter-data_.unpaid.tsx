import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { clearDraft, redirectWithDraft } from "~/server/booking/draft.server";
import { changeHeldBooking, confirmedDraftBooking, heldBookingView, openHoldOf, resumePayment } from "~/server/checkout/held-booking.server";
import { getDb } from "~/server/platform/db.server";
import { summaryLocation } from "~/server/booking/confirmation-view.server";
import { extrasOf } from "~/server/booking/extras.server";
import { familyPath, requestLang } from "~/server/i18n/request.server";
import { completeDraft, holdUntilText, pageTexts } from "~/server/checkout/contact-texts.server";
import { summaryIn, unpaidTexts } from "~/server/booking/summary-texts.server";
import { venueWordsIn } from "~/server/booking/venue.server";

export const handle: RouteHandle = { translated: true };

/**
 * The booking this browser started on the contact step and has not paid yet, while its hold lasts
 * (issue #27): back from the provider's page, or from another tab. «Zahlung fortsetzen» or «Ändern».
 * Its own page since issue #30, so the contact step's JavaScript does not carry it (budget,
 * docs/performance.md); it needs none itself: two buttons of a form. Its words come as loader data
 * in the page's language (namespace `enterData`).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Kontaktdaten");
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const draft = await completeDraft(lang, request);
  const db = await getDb();
  const confirmed = await confirmedDraftBooking(db, draft.bookingCode);
  if (confirmed) throw redirectWithDraft(familyPath(lang, confirmed.to), await clearDraft(request, { bookingCode: confirmed.code }));
  const held = await openHoldOf(db, draft.bookingCode);
  // The hold ran out or was given up meanwhile: the contact form, with what was typed.
  if (!held) throw redirect(localePath(lang, "/enter-data"));
  const view = heldBookingView(held, await summaryLocation(db, held), await extrasOf(db, held.id));
  // The page's words and BookingSummary's (the same object, sent once), with the summary's two templates.
  const t = unpaidTexts(lang);
  return {
    ...view,
    booking: summaryIn(lang, view.booking, undefined, await venueWordsIn(db, lang)),
    t,
    summaryTexts: t,
    holdText: holdUntilText(lang, view.holdUntil),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const intent = (await request.formData()).get("intent");
  const draft = await completeDraft(lang, request);
  const db = await getDb();
  if (intent !== "resume" && intent !== "change") return redirect(localePath(lang, "/enter-data/unpaid"));
  const outcome = intent === "resume" ? await resumePayment(db, request, draft) : await changeHeldBooking(db, request, draft);
  if ("error" in outcome) return data({ alert: pageTexts(lang).bookingFailed }, { status: 502 });
  // Our payment page, confirmation or contact form in the page's language (a provider's address as it is).
  return outcome.cookie ? redirectWithDraft(familyPath(lang, outcome.to), outcome.cookie) : redirect(familyPath(lang, outcome.to));
}

export default function UnpaidBooking() {
  const held = useLoaderData<typeof loader>();
  const alert = useActionData<typeof action>()?.alert;
  const { t } = held;
  const b = held.booking;
  return (
    <Page title={t.title}>
      <div className="alert alert-warning" role="status">
        <p>
          <strong>{t.unpaidTitle}</strong>
        </p>
        <p>{held.holdText}</p>
      </div>
      {alert ? (
        <div className="alert alert-error" role="alert">
          <p>{alert}</p>
        </div>
      ) : null}
      <BookingSummary summary={b} />
      <section className="card summary" aria-labelledby="held-contact-title">
        <h2 id="held-contact-title">{t.contactHeading}</h2>
        <p>
          {b.firstName} {b.lastName}
          <br />
          {b.street}
          <br />
          {b.zip} {b.city}
          <br />
          {b.phone}
          <br />
          {b.email}
        </p>
        {held.message ? (
          <p>
            {t.messagePrefix} {held.message}
          </p>
        ) : null}
      </section>
      <Form method="post" className="card">
        <p className="muted">{t.changeHint}</p>
        <div className="actions">
          <button type="submit" name="intent" value="change" className="button button-secondary">
            {t.change}
          </button>
          <button type="submit" name="intent" value="resume" className="button">
            {t.resume}
          </button>
        </div>
      </Form>
    </Page>
  );
}
