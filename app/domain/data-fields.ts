/**
 * Forms rendered from data (`components/DataFields`): optional sections such as the party's details
 * and the extras travel as the loader's data, so their words cost a step no JavaScript (budget,
 * docs/performance.md) and stay in one place for translation. Types only.
 */

/** One field: `numeric` a short number field (`inputMode`), `text` a line, `multiline` a textarea. */
export type DataField = {
  name: string;
  label: string;
  value: string;
  maxLength?: number;
  kind: "text" | "numeric" | "multiline";
  hint?: string;
  problem?: string;
  autoComplete?: string;
  /** `de-CH` when the label is the venue's German word on a page in another language (an extra's choice). */
  lang?: string;
};

/** A group of fields, with a heading and a sentence when it has one (an extra and its choices). */
export type DataGroup = {
  id: string | number;
  legend?: string;
  text?: string;
  fields: DataField[];
  /**
   * On a page in another language (issue #33): `lang` marks the legend as the venue's German (an
   * extra's name), `venueText` is the venue's own description shown before `text`, marked the same.
   */
  lang?: string;
  venueText?: string;
};

/**
 * A folded optional section of a form: open by itself when something in it is filled in or wrong.
 * `button`: a submit of its own (`intent`), e.g. «Preis aktualisieren».
 */
export type DataSection = { className: string; title: string; hint: string; groups: DataGroup[]; notes?: string[]; button?: { label: string; intent: string }; open?: boolean };
