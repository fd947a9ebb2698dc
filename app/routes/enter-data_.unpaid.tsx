import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { MSG } from "~/domain/messages";
import { pageMeta } from "~/domain/page-meta";
import { clearDraft, redirectWithDraft, requireCompleteDraft } from "~/server/booking/draft.server";
import { changeHeldBooking, confirmedDraftBooking, heldBookingView, openHoldOf, resumePayment } from "~/server/checkout/held-booking.server";
import { getDb } from "~/server/platform/db.server";
import { summaryLocation } from "~/server/booking/confirmation-view.server";
import { extrasOf } from "~/server/booking/extras.server";

/**
 * The booking this browser started on the contact step and has not paid yet, while its hold lasts
 * (issue #27): back from the provider's page, or from another tab. «Zahlung fortsetzen» or «Ändern».
 * Its own page since issue #30, so the contact step's JavaScript does not carry it (budget,
 * docs/performance.md); it needs none itself: two buttons of a form.
 */
export const meta: MetaFunction = () => pageMeta("Kontaktdaten");
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const TEXT = {
  title: "Ihre Buchung ist noch nicht bezahlt",
  holdUntil: (until: string) => `Wir halten den Termin bis ${until} Uhr für Sie frei. Setzen Sie die Zahlung fort oder ändern Sie Ihre Angaben.`,
  contact: "Ihre Kontaktdaten",
  message: "Nachricht:",
  change: "Ändern",
  resume: "Zahlung fortsetzen",
  changeHint: "«Ändern» gibt den Termin und den Gutschein sofort frei; Ihre Angaben bleiben im Formular.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await requireCompleteDraft(request);
  const db = await getDb();
  const confirmed = await confirmedDraftBooking(db, draft.bookingCode);
  if (confirmed) throw redirectWithDraft(confirmed.to, await clearDraft(request, { bookingCode: confirmed.code }));
  const held = await openHoldOf(db, draft.bookingCode);
  // The hold ran out or was given up meanwhile: the contact form, with what was typed.
  if (!held) throw redirect("/enter-data");
  return heldBookingView(held, await summaryLocation(db, held), await extrasOf(db, held.id));
}

export async function action({ request }: ActionFunctionArgs) {
  const intent = (await request.formData()).get("intent");
  const draft = await requireCompleteDraft(request);
  const db = await getDb();
  if (intent !== "resume" && intent !== "change") return redirect("/enter-data/unpaid");
  const outcome = intent === "resume" ? await resumePayment(db, request, draft) : await changeHeldBooking(db, request, draft);
  if ("error" in outcome) return data({ alert: MSG.bookingFailed }, { status: 502 });
  return outcome.cookie ? redirectWithDraft(outcome.to, outcome.cookie) : redirect(outcome.to);
}

export default function UnpaidBooking() {
  const held = useLoaderData<typeof loader>();
  const alert = useActionData<typeof action>()?.alert;
  const b = held.booking;
  return (
    <Page title="Kontaktdaten">
      <div className="alert alert-warning" role="status">
        <p>
          <strong>{TEXT.title}</strong>
        </p>
        <p>{TEXT.holdUntil(held.holdUntil)}</p>
      </div>
      {alert ? (
        <div className="alert alert-error" role="alert">
          <p>{alert}</p>
        </div>
      ) : null}
      <BookingSummary summary={b} title="Ihre Buchung" />
      <section className="card summary" aria-labelledby="held-contact-title">
        <h2 id="held-contact-title">{TEXT.contact}</h2>
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
            {TEXT.message} {held.message}
          </p>
        ) : null}
      </section>
      <Form method="post" className="card">
        <p className="muted">{TEXT.changeHint}</p>
        <div className="actions">
          <button type="submit" name="intent" value="change" className="button button-secondary">
            {TEXT.change}
          </button>
          <button type="submit" name="intent" value="resume" className="button">
            {TEXT.resume}
          </button>
        </div>
      </Form>
    </Page>
  );
}
