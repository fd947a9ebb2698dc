import { Fragment } from "react";
import { useVenueLangOf } from "./SiteFooter";

/** A part of a sentence the server worded (`markedIn`, manage-texts.server): a value in bold, or the venue's own words. */
export type TextPart = { text: string; mark?: "strong" | "venue" };

/**
 * A sentence of the manage pages with its marked values: a booking code or a deadline in bold, an
 * offer's name as the venue typed it (marked German on another language's page).
 */
export function ManageText({ parts }: { parts: readonly TextPart[] }) {
  const venueLang = useVenueLangOf();
  return (
    <>
      {parts.map((part, i) =>
        part.mark === "strong" ? (
          <strong key={i}>{part.text}</strong>
        ) : part.mark === "venue" && venueLang(part.text) ? (
          <span key={i} lang={venueLang(part.text)}>
            {part.text}
          </span>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
