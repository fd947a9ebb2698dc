import { formatDifference, settlementLines, type Settlement } from "~/domain/booking-change";
import { formatChf } from "~/domain/money";

/** The block's words and figures in a family page's language, worded by the server (manage-texts.server `priceWordsIn`). */
export type PriceWords = {
  labels: { title: string; before: string; after: string; difference: string; same: string };
  before: string;
  after: string;
  difference: string;
  lines: string[];
};

/**
 * Old price, new price and the difference of a booking change, with what happens to the money
 * (refund, voucher credit, online payment, amount at the venue) — shown before the change is
 * confirmed, to families and staff alike. Without `words` (staff pages) in German.
 */
export function PriceChange({ settlement, voucherCode, title, words }: { settlement: Settlement; voucherCode: string | null; title?: string; words?: PriceWords }) {
  const lines = words ? words.lines : settlementLines(settlement, voucherCode);
  return (
    <div className="summary price-change">
      <h3>{title ?? words?.labels.title ?? "Preis"}</h3>
      <dl className="price-lines">
        <dt>{words ? words.labels.before : "Bisheriger Preis"}</dt>
        <dd>{words ? words.before : formatChf(settlement.before.priceRappen)}</dd>
        <dt>{words ? words.labels.after : "Neuer Preis"}</dt>
        <dd>{words ? words.after : formatChf(settlement.after.priceRappen)}</dd>
        <dt className="total">{words ? words.labels.difference : "Differenz"}</dt>
        <dd className="total">{words ? words.difference : formatDifference(settlement.differenceRappen)}</dd>
      </dl>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{words ? words.labels.same : "Der Preis bleibt gleich."}</p>
      )}
    </div>
  );
}
