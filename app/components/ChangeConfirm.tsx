import { Form } from "@remix-run/react";
import type { ChangeQuote } from "~/domain/booking-change";
import { formatDateDE, formatTime } from "~/domain/time";
import { PriceChange, type PriceWords } from "./PriceChange";

/** The step's words in a family page's language, worded by the server (manage-texts.server `changeWordsIn`). */
export type ChangeConfirmWords = {
  labels: { title: string; before: string; after: string; toPayment: string; confirm: string; back: string };
  before: string;
  after: string;
  price: PriceWords;
};

/**
 * The confirmation step of a family's change: before and after, old and new price, what happens to
 * the money; the final button posts the same choice again with the confirmed price. Without `words`
 * in German.
 */
export function ChangeConfirm({
  quote,
  message,
  notice,
  backHref,
  hidden,
  texts,
  words,
}: {
  quote: ChangeQuote;
  message?: string | null;
  /** What the change costs the family beyond money (a move into the self-service window). */
  notice?: string | null;
  backHref: string;
  hidden: Record<string, string>;
  /** What changes when it is neither the date nor the persons (the extras): worded by the server. */
  texts?: { before: string; after: string };
  /** Every word of the step in the page's language (before and after included). */
  words?: ChangeConfirmWords;
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
        <h2 id="change-confirm-title">{words ? words.labels.title : "Änderung prüfen"}</h2>
        <dl className="summary">
          <dt>{words ? words.labels.before : "Bisher"}</dt>
          <dd>
            {words
              ? words.before
              : texts
                ? texts.before
                : `${formatDateDE(before.date)}, ${formatTime(before.startMin)} - ${formatTime(before.endMin)} Uhr, ${before.persons} Personen`}
          </dd>
          <dt>{words ? words.labels.after : "Neu"}</dt>
          <dd>
            {words ? words.after : texts ? texts.after : `${formatDateDE(after.date)}, ${formatTime(after.startMin)} - ${formatTime(after.endMin)} Uhr, ${after.persons} Personen`}
          </dd>
        </dl>
        <PriceChange settlement={settlement} voucherCode={quote.voucherCode} words={words?.price} />
        {notice ? <p className="alert alert-warning">{notice}</p> : null}
        <Form method="post" className="actions">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="1" />
          <input type="hidden" name="expect" value={String(after.priceRappen)} />
          <button type="submit" className="button">
            {words ? (pays ? words.labels.toPayment : words.labels.confirm) : pays ? "Weiter zur Zahlung" : "Änderung bestätigen"}
          </button>{" "}
          <a className="button button-secondary" href={backHref}>
            {words ? words.labels.back : "Zurück"}
          </a>
        </Form>
      </section>
    </>
  );
}
