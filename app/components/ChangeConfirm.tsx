import { Form } from "@remix-run/react";
import type { ChangeQuote } from "~/domain/booking-change";
import { formatDateDE, formatTime } from "~/domain/time";
import { PriceChange } from "./PriceChange";

/**
 * The confirmation step of a family's change: before and after, old and new price, what happens to
 * the money; the final button posts the same choice again with the confirmed price.
 */
export function ChangeConfirm({
  quote,
  message,
  notice,
  backHref,
  hidden,
  texts,
}: {
  quote: ChangeQuote;
  message?: string | null;
  /** What the change costs the family beyond money (a move into the self-service window). */
  notice?: string | null;
  backHref: string;
  hidden: Record<string, string>;
  /** What changes when it is neither the date nor the persons (the extras): worded by the server. */
  texts?: { before: string; after: string };
}) {
  const { before, after, settlement } = quote;
  const pays = settlement.payOnlineRappen > 0;
  return (
    <>
      {message ? (
        <p role="alert" className="alert alert-warning">
          {message}
        </p>
      ) : null}
      <section className="card" aria-labelledby="change-confirm-title">
        <h2 id="change-confirm-title">Änderung prüfen</h2>
        <dl className="summary">
          <dt>Bisher</dt>
          <dd>
            {texts ? texts.before : `${formatDateDE(before.date)}, ${formatTime(before.startMin)} - ${formatTime(before.endMin)} Uhr, ${before.persons} Personen`}
          </dd>
          <dt>Neu</dt>
          <dd>{texts ? texts.after : `${formatDateDE(after.date)}, ${formatTime(after.startMin)} - ${formatTime(after.endMin)} Uhr, ${after.persons} Personen`}</dd>
        </dl>
        <PriceChange settlement={settlement} voucherCode={quote.voucherCode} />
        {notice ? <p className="alert alert-warning">{notice}</p> : null}
        <Form method="post" className="actions">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="1" />
          <input type="hidden" name="expect" value={String(after.priceRappen)} />
          <button type="submit" className="button">
            {pays ? "Weiter zur Zahlung" : "Änderung bestätigen"}
          </button>{" "}
          <a className="button button-secondary" href={backHref}>
            Zurück
          </a>
        </Form>
      </section>
    </>
  );
}
