import { RECEIPT_TEXT, type ReceiptListItem } from "~/domain/receipts";

/**
 * A booking's receipts and credit notes as PDF links (issue #31 §1): the manage page and the staff
 * booking page show the same list.
 */
export function ReceiptList({ receipts, href, headingLevel = 2 }: { receipts: ReceiptListItem[]; href: (number: string) => string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card" aria-labelledby="receipts-title">
      <Heading id="receipts-title">{RECEIPT_TEXT.manageHeading}</Heading>
      {receipts.length === 0 ? (
        <p className="muted">{RECEIPT_TEXT.manageNone}</p>
      ) : (
        <ul className="systems">
          {receipts.map((doc) => (
            <li key={doc.number}>
              <a href={href(doc.number)} download>
                {doc.title}
              </a>{" "}
              <span className="nobreak">
                vom {doc.date}, {doc.amount}
              </span>{" "}
              <span className="muted">(PDF)</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
