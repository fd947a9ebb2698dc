import { Fragment } from "react";

/**
 * What is read as one unit: a time range (`10:00 - 12:00 Uhr`, `14:00–16:00`), an amount
 * (`CHF 161.00`, `− CHF 20.00`), a booking code (`FW-AB12CD`) and a phone number (`+41 44 555 12 34`).
 * A browser may break a line at their spaces and dashes; on a phone `CHF` then ends one line and
 * `161.00` starts the next.
 */
const UNIT =
  /\d{1,2}:\d{2}[ \u00a0]?[-–][ \u00a0]?\d{1,2}:\d{2}(?:[ \u00a0]Uhr)?|(?:[−-][ \u00a0])?CHF[ \u00a0]\d[\d']*\.\d{2}|\bFW-[A-Z0-9]{6}\b|(?:\+41[ \u00a0]?\d{2}|\b0\d{2})(?:[ \u00a0]\d{2,3}){3}\b/g;

/** Text from elsewhere (a server message) with its units kept on one line each. */
export function KeepTogether({ text }: { text: string }) {
  const parts: (string | { unit: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(UNIT)) {
    parts.push(text.slice(last, match.index), { unit: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} className="nobreak">
            {part.unit}
          </span>
        ),
      )}
    </>
  );
}
