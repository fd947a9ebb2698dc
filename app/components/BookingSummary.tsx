import { Fragment } from "react";
import { formatChf } from "~/domain/money";
import type { SummaryLine } from "~/domain/pricing";

export type SummaryData = {
  code?: string | null;
  date: string;
  startMin: number;
  endMin: number;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
  offerName: string;
  priceRappen: number;
  discountRappen: number;
  amountRappen: number;
  couponCode?: string | null;
  /** Game bookings show players and rounds instead of the birthday person breakdown. */
  players?: number | null;
  rounds?: number | null;
  /** The price as lines (count × unit and amount), built by the server for birthdays and games alike. */
  lines: SummaryLine[];
  /** With a deposit (issue #30 §3): «Jetzt zu bezahlen (Anzahlung): …», «Restbetrag: …», worded by the server. */
  depositLines?: string[];
  /** Date and time as shown («12.12.2026», «14:00 - 16:00 Uhr»), worded by the server: the steps need no date code (budget). */
  dateText: string;
  timeText: string;
};

export function personsLabel(s: Pick<SummaryData, "numChildren" | "numActiveAdults" | "numAccompanyingAdults">): string {
  const total = s.numChildren + s.numActiveAdults + s.numAccompanyingAdults;
  // Label: count, like the counters on /find-slot, so no word has to agree with a number of 1.
  return `${total} (Kinder: ${s.numChildren}, Erwachsene mitspielend: ${s.numActiveAdults}, Erwachsene nur Begleitung: ${s.numAccompanyingAdults})`;
}

/** The price as a receipt's lines (label, count × unit under it, the amount right-aligned): inside a `dl.price-lines`. */
export function PriceLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <>
      {lines.map((line) => (
        <Fragment key={line.label}>
          <dt>
            {line.label}
            {line.detail ? <span className="price-detail"> {line.detail}</span> : null}
          </dt>
          <dd>{line.amountRappen < 0 ? `− ${formatChf(-line.amountRappen)}` : formatChf(line.amountRappen)}</dd>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The booking at a glance: code, date, time, persons, package; then the price as a receipt (one line per
 * kind of person with count × unit price, original price and voucher when one applies, total).
 */
export function BookingSummary({ summary, title = "Ihre Buchung" }: { summary: SummaryData; title?: string }) {
  const discounted = summary.discountRappen > 0;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{title}</h2>
      <dl>
        {summary.code ? (
          <>
            <dt>Buchungscode</dt>
            <dd>
              <strong>{summary.code}</strong>
            </dd>
          </>
        ) : null}
        <dt>Datum</dt>
        <dd className="nobreak">{summary.dateText}</dd>
        <dt>Zeit</dt>
        <dd className="nobreak">{summary.timeText}</dd>
        {summary.players ? (
          <>
            <dt>Spieler</dt>
            <dd>{summary.players}</dd>
            <dt>Runden</dt>
            <dd>{summary.rounds} à 20 Minuten</dd>
          </>
        ) : (
          <>
            <dt>Personen</dt>
            <dd>{personsLabel(summary)}</dd>
          </>
        )}
        <dt>Paket</dt>
        <dd>{summary.offerName}</dd>
      </dl>
      <dl className="price-lines">
        <PriceLines lines={summary.lines} />
        {discounted ? (
          <>
            <dt>Ursprünglicher Preis</dt>
            <dd>{formatChf(summary.priceRappen)}</dd>
            <dt className="voucher-line">
              Gutschein
              {/* The code on its own line: it cannot break, and next to the word it squeezed the amount. */}
              {summary.couponCode ? <span className="price-detail"> {summary.couponCode}</span> : null}
            </dt>
            <dd className="voucher-line">− {formatChf(summary.discountRappen)}</dd>
          </>
        ) : null}
        <dt className="total">Total</dt>
        <dd className="total">{formatChf(summary.amountRappen)}</dd>
      </dl>
      {summary.depositLines?.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
