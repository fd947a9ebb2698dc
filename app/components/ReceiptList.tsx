import { RECEIPT_TEXT, type ReceiptListItem } from "~/domain/receipts";
import { fill } from "./useLanguage";

/** The list's words: a family page's language (namespace `manage`), German on the staff page. */
export type ReceiptListTexts = { heading: string; none: string; /** «vom {date}, {amount}» */ dated: string };

const GERMAN: ReceiptListTexts = { heading: RECEIPT_TEXT.manageHeading, none: RECEIPT_TEXT.manageNone, dated: "vom {date}, {amount}" };

/**
 * A booking's receipts and credit notes as PDF links (issue #31 §1): the manage page and the staff
 * booking page show the same list (the items' titles, dates and amounts as the page's loader worded them).
 */
export function ReceiptList({
  receipts,
  href,
  headingLevel = 2,
  texts = GERMAN,
}: {
  receipts: ReceiptListItem[];
  href: (number: string) => string;
  headingLevel?: 2 | 3;
  texts?: ReceiptListTexts;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card" aria-labelledby="receipts-title">
      <Heading id="receipts-title">{texts.heading}</Heading>
      {receipts.length === 0 ? (
        <p className="muted">{texts.none}</p>
      ) : (
        <ul className="systems">
          {receipts.map((doc) => (
            <li key={doc.number}>
              <a href={href(doc.number)} download>
                {doc.title}
              </a>{" "}
              <span className="nobreak">{fill(texts.dated, { date: doc.date, amount: doc.amount })}</span> <span className="muted">(PDF)</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
