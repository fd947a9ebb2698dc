import { Fragment } from "react";
import type { ConfirmedView } from "~/server/booking/confirmation-view.server";
import { useVenueLangOf } from "./SiteFooter";
import { useCommonTexts } from "./useLanguage";

/** The green tick of a confirmed booking: decoration only (the heading or message says it). */
export function SuccessIcon() {
  return (
    <svg className="success-icon" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#16a34a" />
      <path d="M18 33l9 9 19-20" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The labels the card needs, from the page's loader data (namespace `payment`). */
export type ConfirmedTexts = Record<
  "yourBooking" | "code" | "players" | "rounds" | "persons" | "package" | "originalPrice" | "voucher" | "total" | "contactTitle",
  string
>;

/**
 * One confirmation design for birthdays (/payment/success) and games (/success) (issue #30 §3): the
 * booking with its price lines, what is left on the voucher, and the contact data it was booked with.
 * Every word and amount comes worded by the server in the page's language (`confirmedView`); the
 * venue's own texts (package, extras) are marked as German.
 */
export function ConfirmedBooking({
  booking,
  t,
  hideCode = false,
}: {
  booking: ConfirmedView;
  t: ConfirmedTexts;
  /** The code stands in the status card above already. */
  hideCode?: boolean;
}) {
  const common = useCommonTexts();
  const venueLang = useVenueLangOf();
  const left = booking.voucherLeft;
  const contact = booking.contact;
  return (
    <>
      <section className="card summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t.yourBooking}</h2>
        <dl>
          {hideCode ? null : (
            <>
              <dt>{t.code}</dt>
              <dd>
                <strong>{booking.code}</strong>
              </dd>
            </>
          )}
          <dt>{common.date}</dt>
          <dd className="nobreak">{booking.date}</dd>
          <dt>{common.time}</dt>
          <dd className="nobreak">{booking.time}</dd>
          {booking.game ? (
            <>
              <dt>{t.players}</dt>
              <dd>{booking.game.players}</dd>
              <dt>{t.rounds}</dt>
              <dd>{booking.game.rounds}</dd>
            </>
          ) : (
            <>
              <dt>{t.persons}</dt>
              <dd>{booking.persons}</dd>
            </>
          )}
          <dt>{t.package}</dt>
          <dd lang={venueLang(booking.offerName)}>{booking.offerName}</dd>
        </dl>
        <dl className="price-lines">
          {booking.lines.map((line, i) => (
            <Fragment key={`${i}:${line.label}`}>
              <dt>
                {line.venue && venueLang(line.label) ? <span lang={venueLang(line.label)}>{line.label}</span> : line.label}
                {line.detail ? <span className="price-detail"> {line.detail}</span> : null}
              </dt>
              <dd>{line.amount}</dd>
            </Fragment>
          ))}
          {booking.discount ? (
            <>
              <dt>{t.originalPrice}</dt>
              <dd>{booking.discount.original}</dd>
              <dt className="voucher-line">
                {t.voucher}
                {/* The code on its own line: it cannot break, and next to the word it squeezed the amount. */}
                {booking.discount.couponCode ? <span className="price-detail"> {booking.discount.couponCode}</span> : null}
              </dt>
              <dd className="voucher-line">{booking.discount.amount}</dd>
            </>
          ) : null}
          <dt className="total">{t.total}</dt>
          <dd className="total">{booking.total}</dd>
        </dl>
        {booking.depositLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      {/* What is left on the voucher a booking used (issue #30 §3): a parent wants to know before the next visit. */}
      {left ? (
        <p className="card voucher-left">
          {"text" in left ? (
            left.text
          ) : (
            <>
              {left.before}
              <span className="nobreak">{left.amount}</span>
              {left.after}
            </>
          )}
        </p>
      ) : null}
      <section className="card summary" aria-labelledby="contact-title">
        <h2 id="contact-title">{t.contactTitle}</h2>
        <p>
          {contact.firstName} {contact.lastName}
          <br />
          {contact.street}
          <br />
          {contact.zip} {contact.city}
          <br />
          {contact.phone}
          <br />
          {contact.email}
        </p>
      </section>
    </>
  );
}
