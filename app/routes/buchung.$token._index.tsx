import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { agbPath } from "~/domain/legal-texts";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { CHANGE_NOTICES } from "~/domain/change-form";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime } from "~/domain/time";
import { VenuePhone } from "~/components/VenueContactLinks";
import { closureNoticeReason, MANAGE_HEADERS, manageView, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { pendingChangeOf } from "~/server/payments/booking-change.server";
import { isBirthdayParty, PARTY_MSG, partyRows } from "~/domain/party-details";
import { familyMayEditParty, partyDetailsOf } from "~/server/booking/party.server";
import { familyMayChooseExtras } from "~/server/payments/extras-change.server";
import { summaryLocation } from "~/server/booking/confirmation-view.server";
import { extrasOf } from "~/server/booking/extras.server";
import { getDb } from "~/server/platform/db.server";
import { headcountState } from "~/server/booking/headcount.server";
import { HEADCOUNT_MSG } from "~/domain/headcount";
import { DEFAULT_BALANCE_DAYS } from "~/domain/deposit";
import { receiptListItem, receiptsOf } from "~/server/accounting/receipts.server";
import { invoicesOf } from "~/server/accounting/invoices.server";
import { ReceiptList } from "~/components/ReceiptList";
import { DATA_TEXT, HOST_TEXT } from "~/domain/guests";
import { guestCounts } from "~/server/guests/host.server";
import { mayInvite } from "~/server/guests/invitations.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Ihre Buchung", [{ name: "robots", content: "noindex" }]);

/** What the last action did, from its redirect: shown once above the booking. */
const NOTICES: Record<string, { kind: "success" | "warning" | "info"; text: string }> = {
  ...CHANGE_NOTICES,
  storniert: { kind: "success", text: "Ihre Buchung wurde storniert. Sie erhalten eine Bestätigung per E-Mail." },
  erstattet: { kind: "success", text: "Ihre Buchung wurde storniert und die Zahlung zurückerstattet. Sie erhalten eine Bestätigung per E-Mail." },
  "erstattung-laeuft": {
    kind: "info",
    text: "Ihre Buchung wurde storniert. Die Rückerstattung ist beim Zahlungsanbieter in Bearbeitung; Sie erhalten den Betrag ohne weiteres Zutun zurück. Sie erhalten eine Bestätigung per E-Mail.",
  },
  party: { kind: "success", text: PARTY_MSG.saved },
  "restbetrag-bezahlt": { kind: "success", text: "Vielen Dank: Der Restbetrag ist bezahlt. Ihre Buchung ist vollständig bezahlt." },
  "party-unchanged": { kind: "info", text: PARTY_MSG.unchanged },
  schlusszahl: { kind: "success", text: HEADCOUNT_MSG.saved },
  "schlusszahl-bereits": { kind: "info", text: HEADCOUNT_MSG.already },
  loeschung: { kind: "success", text: DATA_TEXT.requestedNow },
  manuell: {
    kind: "warning",
    text: "Ihre Buchung wurde storniert. Die Rückerstattung konnte nicht automatisch ausgelöst werden; unser Team erledigt sie manuell und meldet sich bei Ihnen.",
  },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const notice = NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null;
  const pending = await pendingChangeOf(db, r);
  const policy = await selfServicePolicy(db);
  return {
    // The final headcount (issue #30 §4): asked for until its deadline, then locked.
    headcount: headcountState(r, policy.balanceDays ?? DEFAULT_BALANCE_DAYS),
    view: manageView(r, policy, new Date(), await closureNoticeReason(db, r), await summaryLocation(db, r), await extrasOf(db, r.id)),
    agbHref: agbPath(r.agbVersion),
    token: params.token!,
    notice,
    // The birthday child and allergies (issue #30 §1): shown, and editable until the party begins.
    party: isBirthdayParty(r) && r.status !== "cancelled" ? { rows: partyRows(partyDetailsOf(r)), editable: familyMayEditParty(r), extras: await familyMayChooseExtras(db, r) } : null,
    // Receipts and credit notes (issue #31 §1), brought up to date before they are listed.
    receipts: (await receiptsOf(db, r.id)).map(receiptListItem),
    // Invoices with a QR-bill (issue #31 §2), when staff made one.
    invoices: await invoicesOf(db, r.id),
    // Guests (issue #32): a table birthday invites until it begins; the list stays readable after.
    guests: isBirthdayParty(r) && r.players === null && r.status === "confirmed" ? { ...(await guestCounts(db, r)), canInvite: mayInvite(r) } : null,
    deletionRequested: r.deletionRequestedAt !== null,
    pending: pending && { ...pending, until: pending.until.toLocaleTimeString("de-CH", { timeZone: "Europe/Zurich", hour: "2-digit", minute: "2-digit" }) },
  };
}

export default function ManageBooking() {
  const { view, token, notice, pending, agbHref, party, headcount, receipts, invoices, guests, deletionRequested } = useLoaderData<typeof loader>();
  const base = `/buchung/${token}`;
  const cancelled = view.booking.status === "cancelled";
  return (
    <Page title="Ihre Buchung">
      {notice ? (
        <p role="status" className={`alert alert-${notice.kind}`}>
          {notice.text}
        </p>
      ) : null}
      {pending ? (
        <section className="alert alert-info" aria-labelledby="pending-title">
          <h2 id="pending-title">Änderung wartet auf Ihre Zahlung</h2>
          <p>
            Neu: {formatDateDE(pending.date)}, {formatTime(pending.startMin)} - {formatTime(pending.endMin)} Uhr, {pending.persons} Personen. Bitte bezahlen
            Sie die Differenz von {formatChf(pending.amountRappen)} bis {pending.until} Uhr; bis dahin gilt Ihre Buchung wie unten angezeigt.
          </p>
          <p>
            <a className="button" href={pending.paymentUrl}>
              Differenz bezahlen
            </a>
          </p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">Status: {view.statusLabel}</h2>
        {view.paidOnline ? (
          <p>
            Online bezahlt: <span className="nobreak">{view.paidOnline}</span>
          </p>
        ) : null}
        {view.deposit ? (
          <>
            <ul className="systems">
              {view.deposit.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {view.deposit.payable ? (
              <p>
                <a className="button" href={`${base}/restbetrag`}>
                  Restbetrag bezahlen
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        {view.booking.couponCode && view.booking.discountRappen > 0 ? (
          <p>
            Mit Gutschein {view.booking.couponCode} bezahlt: <span className="nobreak">CHF {(view.booking.discountRappen / 100).toFixed(2)}</span>
            {cancelled ? " (dem Gutschein wieder gutgeschrieben)" : ""}
          </p>
        ) : null}
        {view.paymentNote ? <p>{view.paymentNote}</p> : null}
        {/* A cancelled booking is nothing to add to a calendar or to travel to (issue #29 §6). */}
        {cancelled ? (
          <p>
            <a className="button" href="/offers">
              Neue Buchung
            </a>
          </p>
        ) : (
          <p>
            <a href={`${base}/kalender.ics`} download="buchung.ics">
              Zum Kalender hinzufügen (.ics)
            </a>
          </p>
        )}
        <p>
          <a href={agbHref}>Die AGB zu dieser Buchung</a>
        </p>
      </section>
      <BookingSummary summary={view.booking} />
      {invoices.length > 0 ? (
        <section className="card" aria-labelledby="invoices-title">
          <h2 id="invoices-title">Rechnungen</h2>
          <ul className="systems">
            {invoices.map((inv) => (
              <li key={inv.number}>
                <a href={`${base}/rechnung/${inv.number}`} download>
                  Rechnung {inv.number}
                </a>{" "}
                <span className="nobreak">
                  {inv.amount}, {inv.status === "paid" ? "bezahlt" : inv.status === "cancelled" ? "storniert" : `zahlbar bis ${inv.due}`}
                </span>{" "}
                <span className="muted">(PDF mit Einzahlungsschein)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ReceiptList receipts={receipts} href={(number) => `${base}/beleg/${number}`} />
      {party ? (
        <section className="card summary" aria-labelledby="party-title">
          <h2 id="party-title">{PARTY_MSG.title}</h2>
          {party.rows.length > 0 ? (
            <dl>
              {party.rows.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd className="pre-line">{value}</dd>
                </Fragment>
              ))}
            </dl>
          ) : (
            <p>{PARTY_MSG.none}</p>
          )}
          {party.editable || party.extras ? (
            <p className="actions">
              {party.editable ? (
                <a className="button button-secondary" href={`${base}/feier`}>
                  Angaben zur Party ändern
                </a>
              ) : null}
              {/* Until each extra's order deadline (issue #30 §2); the booked ones are in the summary above. */}
              {party.extras ? (
                <a className="button button-secondary" href={`${base}/zusatzleistungen`}>
                  Zusatzleistungen ändern
                </a>
              ) : null}
            </p>
          ) : null}
        </section>
      ) : null}
      {guests && (guests.canInvite || guests.invited) && !view.closureNotice ? (
        <section className="card" aria-labelledby="guests-title">
          <h2 id="guests-title">{HOST_TEXT.manageCard}</h2>
          <p>{guests.invited ? `${guests.answers} ${guests.answers === 1 ? "Antwort" : "Antworten"}.` : HOST_TEXT.manageIntro}</p>
          <p>
            <a className={guests.invited ? "button button-secondary" : "button"} href={`${base}/gaeste`}>
              {guests.invited ? HOST_TEXT.open : HOST_TEXT.title}
            </a>
          </p>
        </section>
      ) : null}
      {headcount && !view.closureNotice ? (
        <section className="card" aria-labelledby="headcount-title">
          <h2 id="headcount-title">{HEADCOUNT_MSG.title}</h2>
          <p>
            {!headcount.open
              ? headcount.confirmedAt
                ? HEADCOUNT_MSG.confirmed(headcount.confirmedAt)
                : HEADCOUNT_MSG.lockedShort(headcount.deadline)
              : headcount.confirmedAt
                ? `${HEADCOUNT_MSG.confirmed(headcount.confirmedAt)} ${HEADCOUNT_MSG.changeUntil(headcount.deadline)}`
                : HEADCOUNT_MSG.ask(headcount.deadline)}
          </p>
          <p>
            <a className={headcount.open && !headcount.confirmedAt ? "button" : "button button-secondary"} href={`${base}/schlusszahl`}>
              {headcount.open && !headcount.confirmedAt ? HEADCOUNT_MSG.confirmLink : "Schlusszahl ansehen"}
            </a>
          </p>
        </section>
      ) : null}
      {view.closureNotice ? (
        <section className="card alert-warning" aria-labelledby="closure-title">
          <h2 id="closure-title">Wir müssen Ihren Termin absagen</h2>
          <p>Grund: {view.closureNotice.reason}. Es tut uns leid.</p>
          <p>
            Bitte wählen Sie einen anderen Termin (ohne Mehrkosten) oder stornieren Sie kostenlos: Der online bezahlte Betrag wird vollständig zurückerstattet
            und ein Gutscheinbetrag wieder gutgeschrieben. Beides geht auch nach der üblichen Frist.
          </p>
          <p className="actions">
            <a className="button" href={`${base}/verschieben`}>
              Anderen Termin wählen
            </a>{" "}
            <a className="button button-secondary" href={`${base}/stornieren`}>
              Kostenlos stornieren
            </a>
          </p>
        </section>
      ) : cancelled ? null : view.canChange ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">Ändern oder stornieren</h2>
          <p>
            Kostenlos stornierbar bis {view.deadline}. Bis dahin können Sie den Termin auch verschieben
            {view.booking.players === null && (!headcount || headcount.open) ? " oder die Anzahl Personen ändern" : ""}.
          </p>
          <p className="actions">
            <a className="button" href={`${base}/verschieben`}>
              Termin verschieben
            </a>{" "}
            {view.booking.players === null && (!headcount || headcount.open) ? (
              <>
                <a className="button" href={`${base}/personen`}>
                  Anzahl Personen ändern
                </a>{" "}
              </>
            ) : null}
            <a className="button button-secondary" href={`${base}/stornieren`}>
              Buchung stornieren
            </a>
          </p>
        </section>
      ) : view.booking.status === "confirmed" ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">Ändern oder stornieren</h2>
          <p>
            {view.bookedLate
              ? `Diese Buchung wurde weniger als ${view.hours} Stunden vor dem Termin gemacht; online kann sie nicht storniert oder verschoben werden (AGB §4).`
              : `Eine kostenlose Stornierung oder Verschiebung war bis ${view.deadline} möglich (AGB §4: bis ${view.hours} Stunden vor dem Termin).`}{" "}
            {view.lateCancellation} Für Fragen erreichen Sie uns unter{" "}
            <VenuePhone />.
          </p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="data-title">
        <h2 id="data-title">{DATA_TEXT.manageCard}</h2>
        <p>{deletionRequested ? DATA_TEXT.requestedNow : DATA_TEXT.manageIntro}</p>
        <p>
          <a href={`${base}/daten`}>{DATA_TEXT.open}</a>
        </p>
      </section>
      {cancelled ? null : <VenueNotes />}
    </Page>
  );
}
