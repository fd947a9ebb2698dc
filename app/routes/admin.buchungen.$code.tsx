import type { MailKind } from "~/server/mail/mail.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { AdminBar } from "~/components/AdminBar";
import { GuestBrief } from "~/components/GuestBrief";
import { Page } from "~/components/Page";
import { SEARCH_KIND_LABELS } from "~/domain/booking-search";
import { ARRIVAL_LABELS, arrivalAllowed, DESK_MSG, NOTE_MAX_LENGTH, openAmountRappen, REFUND_NOTE_MAX } from "~/domain/desk";
import { CORRECTION_MSG } from "~/domain/correction-form";
import { balanceDueRappen } from "~/domain/payment-link";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { reservationTypeLabel } from "~/domain/reservation-types";
import { bookingStatusLabel, PAYMENT_LABELS } from "~/domain/staff-labels";
import { formatDateDE, formatTime } from "~/domain/time";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { receiptListItem, receiptsOf } from "~/server/accounting/receipts.server";
import { INVOICE_TEXT } from "~/domain/invoices";
import { cancelInvoice, createInvoice, invoicesOf, mailInvoice, markInvoicePaid } from "~/server/accounting/invoices.server";
import { ReceiptList } from "~/components/ReceiptList";
import { addNote, bookingDetail, correctContact, markRefundDone, partyDetailsByStaff, recordArrival, resendConfirmation, showPaymentLink } from "~/server/staff/booking-desk.server";
import { DataFields } from "~/components/DataFields";
import { PARTY_FIELD_NAMES, PARTY_MSG, parsePartyDetails, partyDataFields, type DataField } from "~/domain/party-details";
import { CONTACT_COUNTRIES, CONTACT_MAX_LENGTH } from "~/domain/contact";
import { getDb } from "~/server/platform/db.server";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Buchung", [{ name: "robots", content: "noindex" }]);

/** The contact correction form (issue #29 §2): the fields and their labels, in the site's order. */
const CONTACT_EDIT_FIELDS = [
  ["firstName", "Vorname", "text"],
  ["lastName", "Nachname", "text"],
  ["phone", "Telefon", "tel"],
  ["email", "E-Mail", "email"],
  ["street", "Strasse und Hausnummer", "text"],
  ["zip", "PLZ", "text"],
  ["city", "Ort", "text"],
] as const;

const REFUND_REASON: Record<string, string> = {
  cancel: "Stornierung",
  change: "Änderung (tieferer Preis)",
  late: "Zahlung nach Ablauf",
  duplicate: "doppelte Zahlung",
  unmatched: "Betrag passt nicht",
};
/** Payment and voucher states in German (issue #29 §6): staff read «bezahlt», not «settled». */
const PAYMENT_STATUS: Record<string, string> = {
  pending: "offen",
  settled: "bezahlt",
  failed: "fehlgeschlagen",
  cancelled: "abgebrochen",
  refund_pending: "Rückerstattung offen",
  refunded: "zurückerstattet",
};
const PROVIDERS: Record<string, string> = { datatrans: "Datatrans", simulated: "Simuliert" };
const LEDGER_KINDS: Record<string, string> = {
  redeem: "eingelöst",
  "redeem-late": "eingelöst (Zahlung nach der Haltezeit)",
  "hold-expired": "gutgeschrieben (Haltezeit abgelaufen)",
  "hold-released": "gutgeschrieben (Termin freigegeben)",
  "cancel-credit": "gutgeschrieben (Stornierung)",
  "change-credit": "gutgeschrieben (Änderung)",
  "staff-restore": "gutgeschrieben (von Hand wiederhergestellt)",
};

const REFUND_STATUS: Record<string, string> = {
  pending: "in Bearbeitung",
  succeeded: "erstattet",
  refused: "abgelehnt",
  unknown: "ungeklärt",
};

const DONE: Record<string, string> = {
  note: "Notiz gespeichert.",
  arrival: "Ankunft und Zahlung vor Ort gespeichert.",
  "pay-at-venue": "Telefonbuchung angelegt und bestätigt; der Betrag ist vor Ort zu bezahlen.",
  "paid-by-voucher": "Telefonbuchung angelegt und mit dem Gutschein bezahlt.",
  "payment-link": "Telefonbuchung reserviert; der Zahlungslink wurde per E-Mail gesendet.",
  "contact-unchanged": DESK_MSG.contactUnchanged,
  "contact-saved": DESK_MSG.contactSaved,
  "contact-notified": "Kontaktdaten gespeichert. Die Bestätigung wurde an die hinterlegte E-Mail-Adresse gesendet.",
  "payment-link-no-email":
    "Telefonbuchung reserviert. Es ist keine E-Mail-Adresse hinterlegt: Zeigen Sie unten den Zahlungslink an und lesen Sie ihn vor oder senden Sie ihn per SMS.",
  moved: "Buchung verschoben; die Familie erhält eine E-Mail mit dem neuen Termin.",
  refund: "Rückerstattung als manuell erledigt vermerkt.",
  party: PARTY_MSG.saved,
  "party-unchanged": PARTY_MSG.unchanged,
  "moved-refund-pending": "Buchung verschoben. Die Rückerstattung der Differenz ist beim Zahlungsanbieter in Bearbeitung und wird automatisch erneut angefragt – bitte nicht manuell erstatten.",
  resent: "Bestätigung erneut gesendet.",
  invoice: "Rechnung erstellt (PDF unten unter «Rechnungen»).",
  "invoice-paid": "Rechnung als bezahlt verbucht; die Quittung folgt.",
  "invoice-cancelled": "Rechnung storniert.",
  "invoice-mailed": "Rechnung per E-Mail gesendet (mit dem PDF im Anhang).",
  "phone-invoice": "Telefonbuchung angelegt und bestätigt; die Rechnung ist erstellt (unten unter «Rechnungen» zum Ausdrucken).",
  "phone-invoice-mailed": "Telefonbuchung angelegt und bestätigt; die Rechnung ging mit dem QR-Zahlteil per E-Mail an die Familie.",
  "invoice-failed": "Telefonbuchung angelegt und bestätigt, aber die Rechnung konnte nicht erstellt werden: Bitte erstellen Sie sie unten unter «Rechnungen».",
  "moved-refund-manual": "Buchung verschoben. Die Rückerstattung der Differenz wurde vom Zahlungsanbieter abgelehnt: bitte manuell erstatten (siehe Protokoll).",
  corrected: "Buchung korrigiert; die Familie erhält eine E-Mail mit den neuen Angaben und dem aktualisierten Kalendereintrag.",
  "corrected-silent": CORRECTION_MSG.savedSilent,
  "corrected-refund-pending": `${CORRECTION_MSG.saved} ${CORRECTION_MSG.pendingRefund}`,
  "corrected-refund-manual": `${CORRECTION_MSG.saved} ${CORRECTION_MSG.manualRefund}`,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const detail = await bookingDetail(await getDb(), params.code ?? "");
  const query = new URL(request.url).searchParams;
  const voucher = query.get("gutschein");
  // A correction that gave money back as a voucher names its code (staff read it out on the phone).
  const issued = voucher && /^[A-Z0-9-]{4,40}$/.test(voucher) ? ` Neuer Gutschein für die Familie: ${voucher}.` : "";
  const doneText = DONE[query.get("done") ?? ""];
  const done = doneText ? `${doneText}${doneText.startsWith("Buchung korrigiert") ? issued : ""}` : null;
  if (!detail) return data({ staff: { email: staff.email, manager: isManager(staff) }, detail: null, done: null, code: (params.code ?? "").slice(0, 40) }, { status: 404 });
  // Receipts and credit notes (issue #31 §1), brought up to date before they are listed.
  const receipts = (await receiptsOf(await getDb(), detail.reservation.id)).map(receiptListItem);
  const invoiceList = await invoicesOf(await getDb(), detail.reservation.id);
  return data({ staff: { email: staff.email, manager: isManager(staff) }, detail, done, code: detail.reservation.code, receipts, invoices: invoiceList });
}

type ActionData = {
  error: string;
  form: "note" | "arrival" | "refund" | "mail" | "payment-link" | "contact" | "party" | "invoice";
  values: { note?: string; paid?: string; refundNote?: string; contact?: Record<string, string> };
  /** The party form as it was sent, with each field's problem. */
  partyFields?: DataField[];
  paymentLink?: { url: string; smsHref: string | null; validUntil: string; emailed: boolean };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const code = (params.code ?? "").toUpperCase();
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "note") {
    const result = await addNote(db, { code, text: form.get("note") }, staff);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "note", values: { note: String(form.get("note") ?? "").slice(0, NOTE_MAX_LENGTH * 2) } }, { status: result.status });
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=note#notizen`);
  }
  if (intent === "resend-confirmation") {
    const result = await resendConfirmation(db, code, staff);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "mail", values: {} }, { status: result.status });
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=resent#e-mails`);
  }
  if (intent === "contact") {
    const contact = Object.fromEntries(CONTACT_EDIT_FIELDS.map(([name]) => [name, String(form.get(name) ?? "").slice(0, 400)]));
    const result = await correctContact(db, { code, contact, notify: form.get("notify") === "on" }, staff);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "contact", values: { contact } }, { status: result.status });
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=contact-${result.outcome}#kontakt`);
  }
  if (intent === "party") {
    const values = Object.fromEntries(PARTY_FIELD_NAMES.map((f) => [f, String(form.get(f) ?? "").slice(0, 5000)]));
    const parsed = parsePartyDetails(values);
    if (!parsed.ok) return data<ActionData>({ error: PARTY_MSG.check, form: "party", values: {}, partyFields: partyDataFields(values, parsed.problems) }, { status: 400 });
    const result = await partyDetailsByStaff(db, code, parsed.details, staff);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "party", values: {}, partyFields: partyDataFields(values) }, { status: result.status });
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=${result.changed ? "party" : "party-unchanged"}#party`);
  }
  if (intent === "payment-link") {
    const result = await showPaymentLink(db, code, staff, new Date(), { email: form.get("send") === "email" });
    if (!result.ok) return data<ActionData>({ error: result.message, form: "payment-link", values: {} }, { status: result.status });
    return data<ActionData>({
      error: "",
      form: "payment-link",
      values: {},
      paymentLink: { url: result.url, smsHref: result.smsHref, validUntil: result.validUntil.toISOString(), emailed: result.emailed },
    });
  }
  // Invoices with a QR-bill (issue #31 §2): made for the open amount, booked as paid or cancelled.
  if (intent === "invoice" || intent === "invoice-paid" || intent === "invoice-cancel" || intent === "invoice-mail") {
    const number = String(form.get("number") ?? "").slice(0, 40);
    const mail = form.get("mail") === "on";
    const result =
      intent === "invoice"
        ? await createInvoice(db, staff, code, form.get("dueDays"), undefined, { mail })
        : intent === "invoice-paid"
          ? await markInvoicePaid(db, staff, number)
          : intent === "invoice-mail"
            ? await mailInvoice(db, staff, code, number)
            : await cancelInvoice(db, staff, number);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "invoice", values: {} }, { status: result.status });
    const done = intent === "invoice" ? (mail ? "invoice-mailed" : "invoice") : intent === "invoice-paid" ? "invoice-paid" : intent === "invoice-mail" ? "invoice-mailed" : "invoice-cancelled";
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=${done}#rechnungen`);
  }
  if (intent === "refund-done") {
    const result = await markRefundDone(db, { code, note: form.get("refundNote") }, staff);
    if (!result.ok) return data<ActionData>({ error: result.message, form: "refund", values: { refundNote: String(form.get("refundNote") ?? "").slice(0, REFUND_NOTE_MAX * 2) } }, { status: result.status });
    return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=refund#zahlung`);
  }
  const result = await recordArrival(db, { code, intent, paid: form.get("paid") }, staff);
  if (!result.ok) return data<ActionData>({ error: result.message, form: "arrival", values: { paid: String(form.get("paid") ?? "").slice(0, 40) } }, { status: result.status });
  return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=arrival#ankunft`);
}

function at(iso: string | Date | null | undefined): string {
  return iso ? new Date(iso).toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "medium", timeStyle: "short" }) : "–";
}

/** Every kind has a label (typed against MailKind: a new kind without one fails the build). */
const MAIL_LABELS: Record<MailKind, string> = {
  confirmation: "Bestätigung",
  cancellation: "Stornierung",
  "late-refund": "Rückerstattung",
  "payment-link": "Zahlungslink",
  change: "Terminänderung",
  reminder: "Erinnerung",
  headcount: "Bitte um die Schlusszahl",
  "change-refund": "Rückerstattung (Änderung)",
  "manage-link": "Link zur Buchung",
  "confirmation-resend": "Bestätigung (erneut gesendet)",
  "closure-notice": "Absage wegen Schliessung",
  "voucher-sold": "Gutschein (Online-Kauf)",
  invoice: "Rechnung",
  "guest-link": "Antwort-Link an einen Gast",
};

export default function BookingDetailPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { staff, detail, done, code } = loaderData;
  const actionData = useActionData<ActionData>();
  if (!detail) {
    return (
      <Page title="Buchung nicht gefunden">
        <AdminBar email={staff.email} manager={staff.manager} />
        <p className="alert alert-error" role="alert">
          Keine Buchung mit dem Buchungscode {code} gefunden.
        </p>
        <p>
          <a href="/admin/buchungen">Zur Suche</a>
        </p>
      </Page>
    );
  }
  const r = detail.reservation;
  const isGame = r.locationId !== null;
  const open = openAmountRappen(r);
  const canMark = r.status === "confirmed" && arrivalAllowed(r.date, detail.today);
  return (
    <Page title={`Buchung ${r.code}`} wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      <p className="no-print">
        <a href="/admin/buchungen">‹ Zur Suche</a> · <a href={`/admin?date=${r.date}`}>Tagesübersicht {formatDateDE(r.date)}</a>
        {r.status === "confirmed" && r.movesReservationId === null ? (
          <>
            {" "}
            · <a href={`/admin/buchungen/${encodeURIComponent(r.code)}/verschieben`}>Verschieben</a> ·{" "}
            <a href={`/admin/buchungen/${encodeURIComponent(r.code)}/korrigieren`}>Korrigieren</a>
          </>
        ) : null}
        {r.status === "confirmed" || r.status === "held" ? (
          <>
            {" "}
            · <a href={`/admin/storno?code=${encodeURIComponent(r.code)}`}>Stornieren</a>
          </>
        ) : null}
      </p>
      {done ? (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      ) : null}
      <div className="grid-2">
        <section className="card result-card" aria-labelledby="booking-title">
          <h2 id="booking-title">Termin</h2>
          <dl>
            <dt>Buchungscode</dt>
            <dd>
              <strong>{r.code}</strong>
            </dd>
            <dt>Status</dt>
            <dd>
              {bookingStatusLabel(r)}
              {r.arrival ? ` · ${ARRIVAL_LABELS[r.arrival]}` : ""}
            </dd>
            <dt>Art</dt>
            <dd>
              {SEARCH_KIND_LABELS[isGame ? "game" : "birthday"]} ({reservationTypeLabel(r.type)})
            </dd>
            <dt>Datum und Zeit</dt>
            <dd>
              {formatDateDE(r.date)}, {formatTime(r.startMin)}–{formatTime(r.endMin)}
            </dd>
            {detail.changeOf ? (
              <>
                <dt>Aufpreis für</dt>
                <dd>
                  Änderung der Buchung <a href={`/admin/buchungen/${encodeURIComponent(detail.changeOf)}`}>{detail.changeOf}</a> (gilt erst nach der Zahlung)
                </dd>
              </>
            ) : null}
            <dt>{isGame ? "Spielort" : "Tisch"}</dt>
            <dd>{detail.resourceName ?? (detail.changeOf ? "bisheriger Tisch" : "–")}</dd>
            <dt>{isGame ? "Spiel" : "Paket"}</dt>
            <dd>{r.offerName}</dd>
            {isGame ? (
              <>
                <dt>Spieler</dt>
                <dd>{r.players}</dd>
                <dt>Runden</dt>
                <dd>{r.rounds}</dd>
              </>
            ) : (
              <>
                <dt>Personen</dt>
                <dd>
                  {r.numChildren} Kinder, {r.numActiveAdults} Erwachsene spielend, {r.numAccompanyingAdults} Erwachsene begleitend
                </dd>
              </>
            )}
            <dt>Gebucht</dt>
            <dd>
              {at(r.createdAt)} ({r.channel === "phone" ? "Telefon" : "online"})
            </dd>
            {/* Staff pages stay German; the family's language decides its e-mails and links (issue #33). */}
            <dt>Sprache der Familie</dt>
            <dd>{familyLanguage(r.lang)}</dd>
            {r.confirmedAt ? (
              <>
                <dt>Bestätigt</dt>
                <dd>{at(r.confirmedAt)}</dd>
              </>
            ) : null}
            {r.cancelledAt ? (
              <>
                <dt>Storniert</dt>
                <dd>
                  {at(r.cancelledAt)}
                  {r.cancelReason ? ` – ${r.cancelReason}` : ""}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="card result-card" id="kontakt" aria-labelledby="contact-title">
          <h2 id="contact-title">Kontakt</h2>
          <dl>
            <dt>Name</dt>
            <dd>
              {r.firstName} {r.lastName}
            </dd>
            <dt>Adresse</dt>
            <dd>
              {[r.street, `${r.zip} ${r.city}`.trim(), detail.countryName].filter(Boolean).join(", ") || "–"}
            </dd>
            <dt>Telefon</dt>
            <dd>
              <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`} className="phone">
                {detail.phone}
              </a>
            </dd>
            <dt>E-Mail</dt>
            <dd>{r.email || "–"}</dd>
            <dt>Nachricht der Familie</dt>
            <dd>{r.message || "–"}</dd>
          </dl>
          {r.status === "confirmed" || r.status === "held" ? (
            <details className="contact-edit" open={actionData?.form === "contact"}>
              <summary>Kontaktdaten korrigieren</summary>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="contact" />
                {CONTACT_EDIT_FIELDS.map(([name, label, type]) => {
                  const current = name === "phone" ? detail.phone : r[name];
                  return (
                    <div className="field" key={name}>
                      <label htmlFor={`contact-${name}`}>
                        {label}
                        {r.channel === "phone" && name !== "firstName" && name !== "lastName" && name !== "phone" ? " (optional)" : ""}
                      </label>
                      <input
                        id={`contact-${name}`}
                        name={name}
                        type={type}
                        maxLength={CONTACT_MAX_LENGTH[name]}
                        defaultValue={actionData?.form === "contact" ? (actionData.values.contact?.[name] ?? current) : current}
                      />
                    </div>
                  );
                })}
                <div className="field">
                  <label htmlFor="contact-country">Land</label>
                  <select id="contact-country" name="country" defaultValue={actionData?.form === "contact" ? (actionData.values.contact?.country ?? r.country) : r.country}>
                    {Object.entries(CONTACT_COUNTRIES).map(([value, country]) => (
                      <option key={value} value={value}>
                        {country}
                      </option>
                    ))}
                  </select>
                </div>
                <label className="check-row" htmlFor="contact-notify">
                  <input type="checkbox" id="contact-notify" name="notify" defaultChecked />
                  Familie benachrichtigen (Bestätigung an die E-Mail-Adresse)
                </label>
                {actionData?.form === "contact" ? (
                  <p className="alert alert-error" role="alert">
                    {actionData.error}
                  </p>
                ) : null}
                <div className="actions">
                  <button type="submit" className="button button-secondary">
                    Kontaktdaten speichern
                  </button>
                </div>
              </Form>
            </details>
          ) : null}
        </section>
        {detail.party ? (
          <section className="card result-card" id="party" aria-labelledby="party-title">
            <h2 id="party-title">Geburtstagsparty</h2>
            <dl>
              {detail.party.rows.length > 0 ? (
                detail.party.rows.map(([label, value]) => (
                  <Fragment key={label}>
                    <dt>{label}</dt>
                    <dd className="pre-line">{value}</dd>
                  </Fragment>
                ))
              ) : (
                <>
                  <dt>Angaben</dt>
                  <dd>{PARTY_MSG.none}</dd>
                </>
              )}
            </dl>
            {detail.party.editable ? (
              <details className="contact-edit" open={actionData?.form === "party"}>
                <summary>Angaben zur Party ändern</summary>
                <Form method="post" noValidate>
                  <input type="hidden" name="intent" value="party" />
                  <DataFields fields={actionData?.form === "party" && actionData.partyFields ? actionData.partyFields : detail.party.fields} />
                  {actionData?.form === "party" ? (
                    <p className="alert alert-error" role="alert">
                      {actionData.error}
                    </p>
                  ) : null}
                  <div className="actions">
                    <button type="submit" className="button button-secondary">
                      Angaben speichern
                    </button>
                  </div>
                </Form>
              </details>
            ) : null}
            {detail.guests ? (
              <>
                <h3>Gäste</h3>
                <GuestBrief brief={detail.guests.brief} rows={detail.guests.rows} />
              </>
            ) : null}
          </section>
        ) : null}
      </div>

      <section className="card result-card" id="zahlung" aria-labelledby="price-title">
        <h2 id="price-title">Preis und Zahlung</h2>
        <dl>
          <dt>Preis</dt>
          <dd>{formatChf(r.priceRappen)}</dd>
          {r.priceAdjustRappen !== 0 ? (
            <>
              <dt>{r.priceAdjustRappen < 0 ? "Rabatt (im Preis)" : "Zuschlag (im Preis)"}</dt>
              <dd>
                <span className="nobreak">{formatChf(Math.abs(r.priceAdjustRappen))}</span>
                {r.priceAdjustReason ? ` – ${r.priceAdjustReason}` : ""}
              </dd>
            </>
          ) : null}
          <dt>Gutschein</dt>
          <dd>
            {r.voucherCode ? (
              <>
                {r.voucherCode} <span className="nobreak">(− {formatChf(r.discountRappen)})</span>
              </>
            ) : (
              "–"
            )}
          </dd>
          <dt>Betrag</dt>
          <dd>{formatChf(r.amountRappen)}</dd>
          <dt>Zahlung</dt>
          <dd>{PAYMENT_LABELS[r.paymentStatus] ?? r.paymentStatus}</dd>
          {r.status === "held" ? (
            <>
              <dt>Offen (Zahlungslink)</dt>
              <dd>
                <span className="nobreak">{formatChf(r.amountRappen)}</span>, reserviert bis {at(r.holdExpiresAt)}
              </dd>
            </>
          ) : (
            <>
              <dt>Vor Ort bezahlt</dt>
              <dd>{formatChf(r.paidAtVenueRappen)}</dd>
              {r.paidByInvoiceRappen > 0 ? (
                <>
                  <dt>Per Rechnung bezahlt</dt>
                  <dd>{formatChf(r.paidByInvoiceRappen)}</dd>
                </>
              ) : null}
              {detail.depositLines.map((line) => (
                <Fragment key={line}>
                  <dt>{line.slice(0, line.indexOf(": "))}</dt>
                  <dd>{line.slice(line.indexOf(": ") + 2)}</dd>
                </Fragment>
              ))}
              {detail.depositLines.length === 0 && r.paymentStatus !== "none" && r.openBalanceRappen > 0 ? (
                <>
                  <dt>Am Empfang zu bezahlen</dt>
                  <dd>{formatChf(r.openBalanceRappen)}</dd>
                </>
              ) : null}
              <dt>Offen (vor Ort)</dt>
              <dd>{formatChf(open)}</dd>
            </>
          )}
        </dl>
        {(r.status === "held" && r.channel === "phone") || balanceDueRappen(r) > 0 ? (
          <div className="payment-link-box">
            {actionData?.paymentLink ? (
              <div className="alert alert-info" role="status">
                <p>
                  <label htmlFor="payment-link-url">Zahlungslink (gültig bis {at(actionData.paymentLink.validUntil)})</label>
                </p>
                <input id="payment-link-url" type="text" readOnly value={actionData.paymentLink.url} className="break-anywhere" />
                {actionData.paymentLink.emailed ? <p>Der Link wurde an {r.email} gesendet.</p> : null}
                {actionData.paymentLink.smsHref ? (
                  <p>
                    <a className="button button-secondary button-small" href={actionData.paymentLink.smsHref}>
                      Per SMS senden
                    </a>
                  </p>
                ) : null}
              </div>
            ) : null}
            {r.status === "confirmed" ? (
              <p className="muted">
                Offener Betrag <span className="nobreak">{formatChf(balanceDueRappen(r))}</span>: die Familie bezahlt ihn am Empfang oder online über einen
                Zahlungslink (gültig bis zum Beginn).
              </p>
            ) : null}
            <Form method="post" className="actions">
              <input type="hidden" name="intent" value="payment-link" />
              <button type="submit" className="button button-secondary button-small">
                Zahlungslink anzeigen
              </button>
              {r.status === "confirmed" && r.email ? (
                <button type="submit" name="send" value="email" className="button button-secondary button-small">
                  Zahlungslink per E-Mail senden
                </button>
              ) : null}
            </Form>
            {actionData?.form === "payment-link" && actionData.error ? (
              <p className="alert alert-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </div>
        ) : null}
        {detail.payments.length > 0 ? (
          <table className="day-table">
            <caption>Online-Zahlungen und Rückerstattungen</caption>
            <thead>
              <tr>
                <th scope="col">Erstellt</th>
                <th scope="col">Anbieter</th>
                <th scope="col">Transaktion</th>
                <th scope="col">Betrag</th>
                <th scope="col">Status</th>
                <th scope="col">Rückerstattung</th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((p) => (
                <tr key={p.transactionId}>
                  <td data-label="Erstellt">{at(p.createdAt)}</td>
                  <td data-label="Anbieter">{PROVIDERS[p.provider] ?? p.provider}</td>
                  <td data-label="Transaktion" className="break-anywhere">
                    {p.transactionId}
                  </td>
                  <td data-label="Betrag">{formatChf(p.amountRappen)}</td>
                  <td data-label="Status">{PAYMENT_STATUS[p.status] ?? p.status}</td>
                  <td data-label="Rückerstattung" className="break-anywhere">
                    {p.refundTransactionId ?? "–"}
                    {p.refundedRappen > 0 && p.status !== "refunded" ? ` (erstattet ${formatChf(p.refundedRappen)})` : ""}
                    {p.refundDueRappen > 0 ? ` – offen ${formatChf(p.refundDueRappen)}, bitte manuell erstatten` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {detail.refunds.length > 0 ? (
          <table className="day-table">
            <caption>Rückerstattungen beim Zahlungsanbieter</caption>
            <thead>
              <tr>
                <th scope="col">Erstellt</th>
                <th scope="col">Zahlung</th>
                <th scope="col">Betrag</th>
                <th scope="col">Anlass</th>
                <th scope="col">Stand</th>
                <th scope="col">Gutschrift</th>
              </tr>
            </thead>
            <tbody>
              {detail.refunds.map((f) => (
                <tr key={`${f.transactionId}-${f.createdAt}-${f.amountRappen}`}>
                  <td data-label="Erstellt">{at(f.createdAt)}</td>
                  <td data-label="Zahlung" className="break-anywhere">
                    {f.transactionId}
                  </td>
                  <td data-label="Betrag">{formatChf(f.amountRappen)}</td>
                  <td data-label="Anlass">{REFUND_REASON[f.reason] ?? f.reason}</td>
                  <td data-label="Stand">{REFUND_STATUS[f.status] ?? f.status}</td>
                  <td data-label="Gutschrift" className="break-anywhere">
                    {f.creditTransactionId ?? "–"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {detail.refundState === "in-progress" ? (
          <p className="alert alert-info" id="rueckerstattung">
            Rückerstattung in Bearbeitung: Sie wurde an den Zahlungsanbieter gesendet, seine Antwort steht noch aus. Sie wird automatisch
            erneut angefragt (ohne doppelte Auszahlung) – bitte nicht manuell erstatten.
          </p>
        ) : detail.refundOpen ? (
          <div className="alert alert-warning" id="rueckerstattung">
            {detail.refundState === "unknown" ? (
              <p>
                Rückerstattung ungeklärt: Der Zahlungsanbieter hat nicht rechtzeitig geantwortet. Bitte prüfen Sie im Backoffice des
                Zahlungsanbieters, ob der Betrag erstattet wurde; erstatten Sie ihn nur sonst manuell und vermerken Sie es hier.
              </p>
            ) : (
              <p>
                Rückerstattung offen: Der Zahlungsanbieter hat die Rückerstattung abgelehnt. Bitte erstatten Sie den Betrag manuell (im
                Backoffice des Zahlungsanbieters oder per Überweisung) und vermerken Sie es hier.
              </p>
            )}
            <Form method="post" className="desk-form">
              <input type="hidden" name="intent" value="refund-done" />
              <div className="field">
                <label htmlFor="refundNote">Vermerk (optional, z. B. Überweisung vom …)</label>
                <input
                  id="refundNote"
                  name="refundNote"
                  type="text"
                  maxLength={REFUND_NOTE_MAX}
                  autoComplete="off"
                  defaultValue={actionData?.form === "refund" ? actionData.values.refundNote : ""}
                  aria-invalid={actionData?.form === "refund" ? true : undefined}
                  aria-describedby={actionData?.form === "refund" ? "refund-error" : undefined}
                />
              </div>
              <button type="submit" className="button button-small">
                Rückerstattung manuell erledigt
              </button>
            </Form>
            {actionData?.form === "refund" ? (
              <p className="field-error" id="refund-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </div>
        ) : actionData?.form === "refund" ? (
          <p className="alert alert-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {detail.voucherLedger.length > 0 ? (
          <table className="day-table">
            <caption>Gutscheinbewegungen</caption>
            <thead>
              <tr>
                <th scope="col">Zeitpunkt</th>
                <th scope="col">Betrag</th>
                <th scope="col">Art</th>
              </tr>
            </thead>
            <tbody>
              {detail.voucherLedger.map((l, i) => (
                <tr key={i}>
                  <td data-label="Zeitpunkt">{at(l.createdAt)}</td>
                  <td data-label="Betrag">{l.amountRappen >= 0 ? `− ${formatChf(l.amountRappen)}` : `+ ${formatChf(-l.amountRappen)}`}</td>
                  <td data-label="Art">{LEDGER_KINDS[l.kind] ?? l.kind}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      {r.status === "confirmed" ? (
        <section className="card" id="ankunft" aria-labelledby="arrival-title">
          <h2 id="arrival-title">Ankunft</h2>
          <p>
            {r.arrival ? `Erfasst: ${ARRIVAL_LABELS[r.arrival]}${r.arrivalAt ? ` (${at(r.arrivalAt)})` : ""}.` : "Noch nicht erfasst."}
            {canMark ? "" : " Ankunft und «nicht erschienen» können ab dem Tag der Buchung erfasst werden."}
          </p>
          <Form method="post" className="desk-form">
            <div className="field">
              <label htmlFor="paid">Vor Ort bezahlt, total (CHF)</label>
              <input
                id="paid"
                name="paid"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={actionData?.form === "arrival" ? actionData.values.paid : (r.paidAtVenueRappen / 100).toFixed(2)}
                aria-invalid={actionData?.form === "arrival" ? true : undefined}
                aria-describedby={actionData?.form === "arrival" ? "arrival-error" : undefined}
              />
            </div>
            <button type="submit" name="intent" value="paid" className="button button-secondary button-small">
              Betrag speichern
            </button>
            {canMark ? (
              <>
                <button type="submit" name="intent" value="arrived" className="button button-small">
                  Angekommen
                </button>
                <button type="submit" name="intent" value="no_show" className="button button-secondary button-small">
                  Nicht erschienen
                </button>
              </>
            ) : null}
            {r.arrival ? (
              <button type="submit" name="intent" value="reset" className="button button-secondary button-small">
                Ankunft zurücksetzen
              </button>
            ) : null}
          </Form>
          {actionData?.form === "arrival" ? (
            <p className="field-error" id="arrival-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="card" id="notizen" aria-labelledby="notes-title">
        <h2 id="notes-title">Interne Notizen</h2>
        <p className="muted">Nur für Mitarbeitende sichtbar, nie für die Familie.</p>
        {detail.notes.length > 0 ? (
          <ul className="note-list">
            {detail.notes.map((n, i) => (
              <li key={i}>
                <span className="muted">
                  {at(n.createdAt)} · {n.author.replace(/^staff:/, "")}
                </span>
                {"\n"}
                {n.text}
              </li>
            ))}
          </ul>
        ) : (
          <p>Noch keine Notizen.</p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="note" />
          <div className="field">
            <label htmlFor="note">Neue Notiz</label>
            <textarea
              id="note"
              name="note"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={actionData?.form === "note" ? actionData.values.note : ""}
              aria-invalid={actionData?.form === "note" ? true : undefined}
              aria-describedby={actionData?.form === "note" ? "note-error" : undefined}
            />
            {actionData?.form === "note" ? (
              <p className="field-error" id="note-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-secondary">
            Notiz speichern
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="invoices-title" id="rechnungen">
        <h2 id="invoices-title">Rechnungen</h2>
        {actionData?.form === "invoice" ? (
          <p className="alert alert-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {"invoices" in loaderData && loaderData.invoices.length > 0 ? (
          <ul className="systems">
            {loaderData.invoices.map((inv) => (
              <li key={inv.number} className="invoice-item">
                <a href={`/admin/buchungen/${encodeURIComponent(code)}/rechnung/${inv.number}`} download>
                  Rechnung {inv.number}
                </a>{" "}
                <span className="nobreak">
                  {inv.amount}, zahlbar bis {inv.due}
                </span>{" "}
                <strong>{inv.status === "paid" ? "bezahlt" : inv.status === "cancelled" ? "storniert" : inv.overdue ? "überfällig" : "offen"}</strong>
                {inv.status === "open" ? (
                  <span className="button-row">
                    <Form method="post" replace>
                      <input type="hidden" name="intent" value="invoice-paid" />
                      <input type="hidden" name="number" value={inv.number} />
                      <button type="submit" className="button button-small">
                        Als bezahlt verbuchen<span className="visually-hidden"> ({inv.number})</span>
                      </button>
                    </Form>
                    {r.email ? (
                      <Form method="post" replace>
                        <input type="hidden" name="intent" value="invoice-mail" />
                        <input type="hidden" name="number" value={inv.number} />
                        <button type="submit" className="button button-secondary button-small">
                          Per E-Mail senden<span className="visually-hidden"> ({inv.number})</span>
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post" replace>
                      <input type="hidden" name="intent" value="invoice-cancel" />
                      <input type="hidden" name="number" value={inv.number} />
                      <button type="submit" className="button button-secondary button-small">
                        Stornieren<span className="visually-hidden"> ({inv.number})</span>
                      </button>
                    </Form>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Keine Rechnungen.</p>
        )}
        {r.status === "confirmed" && openAmountRappen(r) > 0 && !("invoices" in loaderData && loaderData.invoices.some((i) => i.status === "open")) ? (
          <Form method="post" replace className="invoice-form">
            <input type="hidden" name="intent" value="invoice" />
            <p className="muted">Für Schulen, Firmen und Telefonbuchungen: eine QR-Rechnung über den offenen Betrag von {formatChf(openAmountRappen(r))}.</p>
            <div className="field">
              <label htmlFor="invoice-due">Zahlungsfrist (Tage)</label>
              <input id="invoice-due" name="dueDays" inputMode="numeric" defaultValue="30" maxLength={2} required />
            </div>
            {r.email ? (
              <p className="field">
                <label className="check-row">
                  <input type="checkbox" name="mail" defaultChecked />
                  <span>{INVOICE_TEXT.sendByMail(r.email)}</span>
                </label>
              </p>
            ) : null}
            <button type="submit" className="button button-secondary">
              Rechnung erstellen
            </button>
          </Form>
        ) : null}
      </section>

      <ReceiptList receipts={"receipts" in loaderData ? loaderData.receipts : []} href={(number) => `/admin/buchungen/${encodeURIComponent(code)}/beleg/${number}`} />

      <section className="card" aria-labelledby="mails-title" id="e-mails">
        <h2 id="mails-title">E-Mails</h2>
        {actionData?.form === "mail" ? (
          <p className="alert alert-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {r.email === "" ? (
          <p className="muted">Keine E-Mail-Adresse hinterlegt (Telefonbuchung): Die Familie erhält keine E-Mails.</p>
        ) : r.status === "confirmed" ? (
          <Form method="post" className="actions">
            <button type="submit" name="intent" value="resend-confirmation" className="button button-secondary">
              Bestätigung erneut senden
            </button>
            <span className="muted break-anywhere">an {r.email}</span>
          </Form>
        ) : null}
        {detail.mails.length === 0 ? (
          <p>Keine E-Mails.</p>
        ) : (
          <table className="day-table">
            <caption className="visually-hidden">E-Mails an die Familie</caption>
            <thead>
              <tr>
                <th scope="col">Art</th>
                <th scope="col">An</th>
                <th scope="col">Betreff</th>
                <th scope="col">Erstellt</th>
                <th scope="col">Versandt</th>
              </tr>
            </thead>
            <tbody>
              {detail.mails.map((m, i) => (
                <tr key={i}>
                  <td data-label="Art">{MAIL_LABELS[m.kind as MailKind] ?? m.kind}</td>
                  <td data-label="An" className="break-anywhere">
                    {m.to}
                  </td>
                  <td data-label="Betreff">{m.subject}</td>
                  <td data-label="Erstellt">{at(m.createdAt)}</td>
                  <td data-label="Versandt">
                    {m.sentAt
                      ? at(m.sentAt)
                      : m.skippedAt
                        ? `${m.lastError ?? "nicht gesendet"} (${at(m.skippedAt)})`
                        : `noch nicht (${m.attempts} Versuche${m.lastError ? `: ${m.lastError}` : ""})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card" aria-labelledby="audit-title" id="protokoll">
        <h2 id="audit-title">Protokoll</h2>
        {detail.audit.length === 0 ? (
          <p>Keine Einträge.</p>
        ) : (
          <table className="day-table">
            <caption className="visually-hidden">Änderungen durch Mitarbeitende und Systeme</caption>
            <thead>
              <tr>
                <th scope="col">Zeitpunkt</th>
                <th scope="col">Eintrag</th>
              </tr>
            </thead>
            <tbody>
              {detail.audit.map((a, i) => (
                <tr key={i}>
                  <td data-label="Zeitpunkt">{at(a.at)}</td>
                  <td data-label="Eintrag" className="break-anywhere">
                    {a.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Page>
  );
}

/** The family's language for German staff: «Französisch» (issue #33). */
function familyLanguage(code: string): string {
  return new Intl.DisplayNames("de-CH", { type: "language" }).of(code) ?? code;
}
