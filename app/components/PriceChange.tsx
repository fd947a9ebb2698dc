import { formatDifference, settlementLines, type Settlement } from "~/domain/booking-change";
import { formatChf } from "~/domain/money";

/**
 * Old price, new price and the difference of a booking change, with what happens to the money
 * (refund, voucher credit, online payment, amount at the venue) — shown before the change is
 * confirmed, to families and staff alike.
 */
export function PriceChange({ settlement, voucherCode, title = "Preis" }: { settlement: Settlement; voucherCode: string | null; title?: string }) {
  const lines = settlementLines(settlement, voucherCode);
  return (
    <div className="summary price-change">
      <h3>{title}</h3>
      <dl className="price-lines">
        <dt>Bisheriger Preis</dt>
        <dd>{formatChf(settlement.before.priceRappen)}</dd>
        <dt>Neuer Preis</dt>
        <dd>{formatChf(settlement.after.priceRappen)}</dd>
        <dt className="total">Differenz</dt>
        <dd className="total">{formatDifference(settlement.differenceRappen)}</dd>
      </dl>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>Der Preis bleibt gleich.</p>
      )}
    </div>
  );
}
