import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { agbPath } from "~/domain/legal-texts";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { useVenueTextLang } from "~/components/SiteFooter";
import { formatChf } from "~/domain/money";
import { localPageMeta } from "~/domain/page-meta";
import { VenuePhone } from "~/components/VenueContactLinks";
import { closureNoticeReason, MANAGE_HEADERS, manageView, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { pendingChangeOf } from "~/server/payments/booking-change.server";
import { isBirthdayParty } from "~/domain/party-details";
import { familyMayEditParty, partyDetailsOf } from "~/server/booking/party.server";
import { familyMayChooseExtras } from "~/server/payments/extras-change.server";
import { summaryLocation } from "~/server/booking/confirmation-view.server";
import { extrasOf } from "~/server/booking/extras.server";
import { getDb } from "~/server/platform/db.server";
import { headcountState } from "~/server/booking/headcount.server";
import { DEFAULT_BALANCE_DAYS } from "~/domain/deposit";
import { receiptListItem, receiptsOf } from "~/server/accounting/receipts.server";
import { invoicesOf } from "~/server/accounting/invoices.server";
import { ReceiptList } from "~/components/ReceiptList";
import { guestCounts } from "~/server/guests/host.server";
import { mayInvite } from "~/server/guests/invitations.server";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { t, templates, texts, type StaticKey } from "~/server/i18n/texts.server";
import { dateIn, partyRowsIn, summaryTextsIn, timeRangeIn } from "~/server/booking/manage-texts.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Ihre Buchung", [{ name: "robots", content: "noindex" }]);

/**
 * What the last action did, from its redirect (`?ok=…`): shown once above the booking, worded in
 * the page's language (namespace `manage`; the party, headcount and data pages' notices are copies
 * of their domain texts, kept equal by manage.mirror.test).
 */
const NOTICES: Record<string, { kind: "success" | "warning" | "info"; key: StaticKey<"manage"> }> = {
  verschoben: { kind: "success", key: "noticeMoved" },
  "verschoben-manuell": { kind: "warning", key: "noticeMovedManual" },
  "verschoben-bearbeitung": { kind: "info", key: "noticeMovedPending" },
  geaendert: { kind: "success", key: "noticeChanged" },
  "geaendert-manuell": { kind: "warning", key: "noticeChangedManual" },
  "geaendert-bearbeitung": { kind: "info", key: "noticeChangedPending" },
  "zahlung-abgebrochen": { kind: "warning", key: "noticePaymentAborted" },
  "zahlung-erstattet": { kind: "warning", key: "noticePaymentRefunded" },
  storniert: { kind: "success", key: "noticeCancelled" },
  erstattet: { kind: "success", key: "noticeRefunded" },
  "erstattung-laeuft": { kind: "info", key: "noticeRefundPending" },
  party: { kind: "success", key: "noticePartySaved" },
  "restbetrag-bezahlt": { kind: "success", key: "noticeBalancePaid" },
  "party-unchanged": { kind: "info", key: "noticePartyUnchanged" },
  schlusszahl: { kind: "success", key: "noticeHeadcountSaved" },
  "schlusszahl-bereits": { kind: "info", key: "noticeHeadcountAlready" },
  loeschung: { kind: "success", key: "dataRequested" },
  manuell: { kind: "warning", key: "noticeRefundManual" },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const ok = NOTICES[new URL(request.url).searchParams.get("ok") ?? ""];
  const pending = await pendingChangeOf(db, r);
  const policy = await selfServicePolicy(db);
  const view = manageView(r, policy, new Date(), await closureNoticeReason(db, r), await summaryLocation(db, r), await extrasOf(db, r.id), lang);
  // The final headcount (issue #30 §4): asked for until its deadline, then locked.
  const headcount = headcountState(r, policy.balanceDays ?? DEFAULT_BALANCE_DAYS, new Date(), lang);
  const say = (key: Parameters<typeof t<"manage">>[2], args?: Record<string, string | number>) => t(lang, "manage", key, args);
  const b = view.booking;
  // Downloads (calendar, invoices, receipts) have one address; the pages keep the page's language.
  const base = `/buchung/${params.token!}`;
  const page = (path: string) => localePath(lang, `${base}${path}`);
  const guests = isBirthdayParty(r) && r.players === null && r.status === "confirmed" ? { ...(await guestCounts(db, r)), canInvite: mayInvite(r) } : null;
  const personsToo = b.players === null && (!headcount || headcount.open);
  return {
    t: texts(lang, "manage"),
    // BookingSummary's words (its `summaryTexts`).
    summaryTexts: summaryTextsIn(lang),
    view,
    base,
    links: {
      overview: page(""),
      balance: page("/restbetrag"),
      party: page("/feier"),
      extras: page("/zusatzleistungen"),
      guests: page("/gaeste"),
      headcount: page("/schlusszahl"),
      move: page("/verschieben"),
      persons: page("/personen"),
      cancel: page("/stornieren"),
      data: page("/daten"),
      offers: localePath(lang, "/offers"),
      agb: localePath(lang, agbPath(r.agbVersion)),
    },
    notice: ok ? { kind: ok.kind, text: say(ok.key) } : null,
    // The voucher part (AGB §5): German as the page always wrote it.
    voucher:
      b.couponCode && b.discountRappen > 0
        ? { text: say("voucherPaid", { code: b.couponCode }), amount: lang === "de" ? `CHF ${(b.discountRappen / 100).toFixed(2)}` : formatChf(b.discountRappen, lang) }
        : null,
    pending: pending && {
      text: say("pendingText", {
        date: dateIn(lang, pending.date),
        time: timeRangeIn(lang, pending.startMin, pending.endMin),
        persons: pending.persons,
        amount: formatChf(pending.amountRappen, lang),
        until: pending.until.toLocaleTimeString("de-CH", { timeZone: "Europe/Zurich", hour: "2-digit", minute: "2-digit" }),
      }),
      paymentUrl: pending.paymentUrl,
    },
    // The birthday child and allergies (issue #30 §1): shown, and editable until the party begins.
    party:
      isBirthdayParty(r) && r.status !== "cancelled"
        ? { rows: partyRowsIn(lang, partyDetailsOf(r)), editable: familyMayEditParty(r), extras: await familyMayChooseExtras(db, r) }
        : null,
    // Receipts and credit notes (issue #31 §1), brought up to date before they are listed.
    receiptDated: templates(lang, "manage").receiptDated,
    receipts: (await receiptsOf(db, r.id)).map((doc) => ({
      ...receiptListItem(doc),
      title: say(doc.kind === "receipt" ? "receiptTitle" : "creditNoteTitle", { number: doc.number }),
      ...(lang === "de" ? {} : { amount: formatChf(doc.totalRappen, lang) }),
    })),
    // Invoices with a QR-bill (issue #31 §2), when staff made one.
    invoices: (await invoicesOf(db, r.id)).map((inv) => ({
      number: inv.number,
      label: say("invoiceLink", { number: inv.number }),
      state: `${inv.amount}, ${inv.status === "paid" ? say("invoicePaid") : inv.status === "cancelled" ? say("invoiceCancelled") : say("invoiceDue", { due: inv.due })}`,
    })),
    // Guests (issue #32): a table birthday invites until it begins; the list stays readable after.
    guests: guests && (guests.canInvite || guests.invited) ? { invited: guests.invited, text: guests.invited ? say("guestsAnswers", { n: guests.answers }) : say("guestsIntro") } : null,
    headcount: headcount && {
      open: headcount.open,
      ask: headcount.open && !headcount.confirmedAt,
      text: !headcount.open
        ? headcount.confirmedAt
          ? say("headcountConfirmed", { at: headcount.confirmedAt })
          : say("headcountLockedShort", { deadline: headcount.deadline })
        : headcount.confirmedAt
          ? `${say("headcountConfirmed", { at: headcount.confirmedAt })} ${say("headcountChangeUntil", { deadline: headcount.deadline })}`
          : say("headcountAsk", { deadline: headcount.deadline }),
    },
    personsToo,
    changeText: view.canChange ? say(personsToo ? "changeOpenPersons" : "changeOpen", { deadline: view.deadline }) : null,
    lateText: view.bookedLate ? say("bookedLate", { hours: view.hours }) : say("changeWas", { deadline: view.deadline, hours: view.hours }),
    deletionRequested: r.deletionRequestedAt !== null,
  };
}

export default function ManageBooking() {
  const data = useLoaderData<typeof loader>();
  const { t, view, links, base, notice, pending, voucher, party, headcount, receipts, invoices, guests, deletionRequested } = data;
  const venueLang = useVenueTextLang();
  const cancelled = view.booking.status === "cancelled";
  return (
    <Page title={t.title}>
      {notice ? (
        <p role="status" className={`alert alert-${notice.kind}`}>
          {notice.text}
        </p>
      ) : null}
      {pending ? (
        <section className="alert alert-info" aria-labelledby="pending-title">
          <h2 id="pending-title">{t.pendingTitle}</h2>
          <p>{pending.text}</p>
          <p>
            <a className="button" href={pending.paymentUrl}>
              {t.payDifference}
            </a>
          </p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">
          {t.status} {view.statusLabel}
        </h2>
        {view.paidOnline ? (
          <p>
            {t.paidOnline} <span className="nobreak">{view.paidOnline}</span>
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
                <a className="button" href={links.balance}>
                  {t.payBalance}
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        {voucher ? (
          <p>
            {voucher.text} <span className="nobreak">{voucher.amount}</span>
            {cancelled ? ` ${t.voucherCredited}` : ""}
          </p>
        ) : null}
        {view.paymentNote ? <p>{view.paymentNote}</p> : null}
        {/* A cancelled booking is nothing to add to a calendar or to travel to (issue #29 §6). */}
        {cancelled ? (
          <p>
            <a className="button" href={links.offers}>
              {t.newBooking}
            </a>
          </p>
        ) : (
          <p>
            <a href={`${base}/kalender.ics`} download="buchung.ics">
              {t.addToCalendar}
            </a>
          </p>
        )}
        <p>
          <a href={links.agb}>{t.termsLink}</a>
        </p>
      </section>
      <BookingSummary summary={view.booking} />
      {invoices.length > 0 ? (
        <section className="card" aria-labelledby="invoices-title">
          <h2 id="invoices-title">{t.invoicesTitle}</h2>
          <ul className="systems">
            {invoices.map((inv) => (
              <li key={inv.number}>
                <a href={`${base}/rechnung/${inv.number}`} download>
                  {inv.label}
                </a>{" "}
                <span className="nobreak">{inv.state}</span> <span className="muted">{t.invoicePdf}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ReceiptList receipts={receipts} href={(number) => `${base}/beleg/${number}`} texts={{ heading: t.receiptsTitle, none: t.receiptsNone, dated: data.receiptDated }} />
      {party ? (
        <section className="card summary" aria-labelledby="party-title">
          <h2 id="party-title">{t.partyTitle}</h2>
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
            <p>{t.partyNone}</p>
          )}
          {party.editable || party.extras ? (
            <p className="actions">
              {party.editable ? (
                <a className="button button-secondary" href={links.party}>
                  {t.editParty}
                </a>
              ) : null}
              {/* Until each extra's order deadline (issue #30 §2); the booked ones are in the summary above. */}
              {party.extras ? (
                <a className="button button-secondary" href={links.extras}>
                  {t.editExtras}
                </a>
              ) : null}
            </p>
          ) : null}
        </section>
      ) : null}
      {guests && !view.closureNotice ? (
        <section className="card" aria-labelledby="guests-title">
          <h2 id="guests-title">{t.guestsCard}</h2>
          <p>{guests.text}</p>
          <p>
            <a className={guests.invited ? "button button-secondary" : "button"} href={links.guests}>
              {guests.invited ? t.guestsOpen : t.guestsInvite}
            </a>
          </p>
        </section>
      ) : null}
      {headcount && !view.closureNotice ? (
        <section className="card" aria-labelledby="headcount-title">
          <h2 id="headcount-title">{t.headcountTitle}</h2>
          <p>{headcount.text}</p>
          <p>
            <a className={headcount.ask ? "button" : "button button-secondary"} href={links.headcount}>
              {headcount.ask ? t.headcountConfirm : t.headcountView}
            </a>
          </p>
        </section>
      ) : null}
      {view.closureNotice ? (
        <section className="card alert-warning" aria-labelledby="closure-title">
          <h2 id="closure-title">{t.closureTitle}</h2>
          <p>
            {t.closureReason} {view.closureNotice.venueWords && venueLang ? <span lang={venueLang}>{view.closureNotice.reason}</span> : view.closureNotice.reason}.{" "}
            {t.closureSorry}
          </p>
          <p>{t.closureText}</p>
          <p className="actions">
            <a className="button" href={links.move}>
              {t.closureMove}
            </a>{" "}
            <a className="button button-secondary" href={links.cancel}>
              {t.closureCancel}
            </a>
          </p>
        </section>
      ) : cancelled ? null : view.canChange ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">{t.changeTitle}</h2>
          <p>{data.changeText}</p>
          <p className="actions">
            <a className="button" href={links.move}>
              {t.move}
            </a>{" "}
            {data.personsToo ? (
              <>
                <a className="button" href={links.persons}>
                  {t.persons}
                </a>{" "}
              </>
            ) : null}
            <a className="button button-secondary" href={links.cancel}>
              {t.cancel}
            </a>
          </p>
        </section>
      ) : view.booking.status === "confirmed" ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">{t.changeTitle}</h2>
          <p>
            {data.lateText} {view.lateCancellation} {t.questions} <VenuePhone />.
          </p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="data-title">
        <h2 id="data-title">{t.dataCard}</h2>
        <p>{deletionRequested ? t.dataRequested : t.dataIntro}</p>
        <p>
          <a href={links.data}>{t.dataOpen}</a>
        </p>
      </section>
      {cancelled ? null : <VenueNotes />}
    </Page>
  );
}
