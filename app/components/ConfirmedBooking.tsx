import { BookingSummary, type SummaryData } from "./BookingSummary";
import { VoucherLeft } from "./VoucherLeft";

/** The green tick of a confirmed booking: decoration only (the heading or message says it). */
export function SuccessIcon() {
  return (
    <svg className="success-icon" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#16a34a" />
      <path d="M18 33l9 9 19-20" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type Contact = { firstName: string; lastName: string; street: string; zip: string; city: string; phone: string; email: string };

/**
 * One confirmation design for birthdays (/payment/success) and games (/success) (issue #30 §3): the
 * booking with its price lines, what is left on the voucher, and the contact data it was booked with.
 */
export function ConfirmedBooking({
  summary,
  hideCode = false,
}: {
  summary: SummaryData & Contact & { voucherLeft?: { code: string; rappen: number; validUntil: string } | null };
  /** The code stands in the status card above already. */
  hideCode?: boolean;
}) {
  return (
    <>
      <BookingSummary summary={hideCode ? { ...summary, code: null } : summary} title="Ihre Buchung" />
      <VoucherLeft left={summary.voucherLeft} />
      <section className="card summary" aria-labelledby="contact-title">
        <h2 id="contact-title">Kontaktdaten</h2>
        <p>
          {summary.firstName} {summary.lastName}
          <br />
          {summary.street}
          <br />
          {summary.zip} {summary.city}
          <br />
          {summary.phone}
          <br />
          {summary.email}
        </p>
      </section>
    </>
  );
}
