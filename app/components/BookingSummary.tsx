import { Fragment } from "react";
import { formatChf } from "~/domain/money";
import type { SummaryLine } from "~/domain/pricing";
// German only, as the fallback of pages that send no `summaryTexts` (staff pages; these words were in the bundle before).
import { germanSummary } from "~/i18n/messages/enterData";
import { useVenueLangOf } from "./SiteFooter";
import { fill, useContentLang, useSharedTexts } from "./useLanguage";

/** The summary's words: the page's `summaryTexts` (namespace `enterData`, keys `summary…`), else German. */
export type SummaryTexts = { [K in keyof typeof germanSummary]: string };

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

export function personsLabel(
  s: Pick<SummaryData, "numChildren" | "numActiveAdults" | "numAccompanyingAdults">,
  template: string = germanSummary.summaryPersonsValue,
): string {
  const total = s.numChildren + s.numActiveAdults + s.numAccompanyingAdults;
  // Label: count, like the counters on /find-slot, so no word has to agree with a number of 1.
  return fill(template, { total, children: s.numChildren, active: s.numActiveAdults, accompanying: s.numAccompanyingAdults });
}

/** The price as a receipt's lines (label, count × unit under it, the amount right-aligned): inside a `dl.price-lines`. */
export function PriceLines({ lines }: { lines: readonly SummaryLine[] }) {
  const lang = useContentLang();
  return (
    <>
      {lines.map((line) => (
        <Fragment key={line.label}>
          <dt>
            {line.label}
            {line.detail ? <span className="price-detail"> {line.detail}</span> : null}
          </dt>
          <dd>{line.amountRappen < 0 ? `− ${formatChf(-line.amountRappen, lang)}` : formatChf(line.amountRappen, lang)}</dd>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The booking at a glance: code, date, time, persons, package; then the price as a receipt (one line per
 * kind of person with count × unit price, original price and voucher when one applies, total).
 */
export function BookingSummary({ summary, title }: { summary: SummaryData; title?: string }) {
  const t = useSharedTexts<SummaryTexts>("summaryTexts", germanSummary);
  const lang = useContentLang();
  const venueLang = useVenueLangOf();
  const discounted = summary.discountRappen > 0;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{title ?? t.summaryTitle}</h2>
      <dl>
        {summary.code ? (
          <>
            <dt>{t.summaryCode}</dt>
            <dd>
              <strong>{summary.code}</strong>
            </dd>
          </>
        ) : null}
        <dt>{t.summaryDate}</dt>
        <dd className="nobreak">{summary.dateText}</dd>
        <dt>{t.summaryTime}</dt>
        <dd className="nobreak">{summary.timeText}</dd>
        {summary.players ? (
          <>
            <dt>{t.summaryPlayers}</dt>
            <dd>{summary.players}</dd>
            <dt>{t.summaryRounds}</dt>
            <dd>{fill(t.summaryRoundsValue, { rounds: summary.rounds ?? "" })}</dd>
          </>
        ) : (
          <>
            <dt>{t.summaryPersons}</dt>
            <dd>{personsLabel(summary, t.summaryPersonsValue)}</dd>
          </>
        )}
        <dt>{t.summaryPackage}</dt>
        {/* A party package's name is the venue's (German); a game's is worded by the page. */}
        <dd lang={summary.players ? undefined : venueLang(summary.offerName)}>{summary.offerName}</dd>
      </dl>
      <dl className="price-lines">
        <PriceLines lines={summary.lines} />
        {discounted ? (
          <>
            <dt>{t.summaryOriginalPrice}</dt>
            <dd>{formatChf(summary.priceRappen, lang)}</dd>
            <dt className="voucher-line">
              {t.summaryVoucher}
              {/* The code on its own line: it cannot break, and next to the word it squeezed the amount. */}
              {summary.couponCode ? <span className="price-detail"> {summary.couponCode}</span> : null}
            </dt>
            <dd className="voucher-line">− {formatChf(summary.discountRappen, lang)}</dd>
          </>
        ) : null}
        <dt className="total">{t.summaryTotal}</dt>
        <dd className="total">{formatChf(summary.amountRappen, lang)}</dd>
      </dl>
      {summary.depositLines?.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
