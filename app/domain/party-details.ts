/**
 * The party itself (issue #30 §1): the birthday child's first name, the age they turn, and the
 * allergies or dietary notes the kitchen must know. All optional — a family may not know yet, and
 * can add them later through the manage link; staff can always edit them. Pure rules: the same
 * parse runs for the contact step, the manage page and the staff detail page.
 */

/** The posted field names (the contact form's, the manage page's and the staff page's). */
export const PARTY_FIELD_NAMES = ["partyChildName", "partyChildAge", "partyNotes"] as const;
export type PartyField = (typeof PARTY_FIELD_NAMES)[number];

export const PARTY_LIMITS = { childName: 60, notes: 500, minAge: 1, maxAge: 18 } as const;

export const PARTY_LABELS: Record<PartyField, string> = {
  partyChildName: "Name des Geburtstagskindes",
  partyChildAge: "Wie alt wird das Kind?",
  partyNotes: "Allergien und Ernährungshinweise",
};

export const PARTY_MSG = {
  title: "Geburtstagskind und Allergien",
  hint: "Freiwillig: Sie können diese Angaben auch später über den Link in Ihrer Bestätigung ergänzen.",
  notesHint: "Zum Beispiel: Nussallergie (Mia), ein Kind isst vegetarisch. Die Küche sieht diese Angaben.",
  childNameTooLong: `${PARTY_LABELS.partyChildName}: höchstens ${PARTY_LIMITS.childName} Zeichen erlaubt.`,
  childAge: `Bitte geben Sie das Alter als ganze Zahl von ${PARTY_LIMITS.minAge} bis ${PARTY_LIMITS.maxAge} an.`,
  notesTooLong: `${PARTY_LABELS.partyNotes}: höchstens ${PARTY_LIMITS.notes} Zeichen erlaubt.`,
  /** The alert above the form when only the party section is wrong. */
  check: "Bitte prüfen Sie die Angaben zum Geburtstagskind.",
  saved: "Die Angaben zur Party wurden gespeichert.",
  unchanged: "Die Angaben zur Party sind unverändert.",
  closed: "Die Party hat bereits begonnen; die Angaben können nicht mehr geändert werden. Bitte sprechen Sie mit unserem Team vor Ort.",
  notActive: "Diese Buchung ist nicht aktiv; die Angaben zur Party können nicht geändert werden.",
  none: "Noch keine Angaben.",
} as const;

export type PartyDetails = { childName: string | null; childAge: number | null; notes: string | null };
export const NO_PARTY_DETAILS: PartyDetails = { childName: null, childAge: null, notes: null };

export type PartyProblem = { field: PartyField; message: string };

/**
 * The party fields' words in a page's language (issue #33): the contact step's loader and action
 * word them (namespace `dataFields`, the same keys); German is the default everywhere else (staff
 * pages, the manage pages until they are translated).
 */
export type PartyTexts = {
  childNameLabel: string;
  childAgeLabel: string;
  notesLabel: string;
  notesHint: string;
  childNameTooLong: string;
  childAge: string;
  notesTooLong: string;
};

export const GERMAN_PARTY_TEXTS: PartyTexts = {
  childNameLabel: `${PARTY_LABELS.partyChildName} (optional)`,
  childAgeLabel: `${PARTY_LABELS.partyChildAge} (optional)`,
  notesLabel: `${PARTY_LABELS.partyNotes} (optional)`,
  notesHint: PARTY_MSG.notesHint,
  childNameTooLong: PARTY_MSG.childNameTooLong,
  childAge: PARTY_MSG.childAge,
  notesTooLong: PARTY_MSG.notesTooLong,
};

const str = (v: unknown) => (typeof v === "string" ? v : "");
/** Line breaks stay (a list of allergies), other control characters do not. */
const clean = (v: unknown) =>
  str(v)
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .trim();

/** The posted party fields, checked: every problem at once (the form marks each field). */
export function parsePartyDetails(
  input: Partial<Record<PartyField, unknown>>,
  texts: PartyTexts = GERMAN_PARTY_TEXTS,
): { ok: true; details: PartyDetails } | { ok: false; problems: PartyProblem[] } {
  const problems: PartyProblem[] = [];
  const childName = clean(input.partyChildName).replace(/\s+/g, " ");
  if (childName.length > PARTY_LIMITS.childName) problems.push({ field: "partyChildName", message: texts.childNameTooLong });
  const ageText = clean(input.partyChildAge);
  const age = /^\d{1,2}$/.test(ageText) ? Number(ageText) : NaN;
  if (ageText !== "" && !(age >= PARTY_LIMITS.minAge && age <= PARTY_LIMITS.maxAge)) problems.push({ field: "partyChildAge", message: texts.childAge });
  const notes = clean(input.partyNotes);
  if (notes.length > PARTY_LIMITS.notes) problems.push({ field: "partyNotes", message: texts.notesTooLong });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, details: { childName: childName || null, childAge: ageText === "" ? null : age, notes: notes || null } };
}

/** Whether a booking is a birthday party: a table booking, or a game booked as the birthday package. */
export function isBirthdayParty(b: { type: string; gameType?: number | null }): boolean {
  return b.type === "BIRTHDAY_PARTY" || b.gameType === 2;
}

export function hasPartyDetails(d: PartyDetails): boolean {
  return d.childName !== null || d.childAge !== null || d.notes !== null;
}

/** «Lena, wird 7», «Lena», «wird 7»; null when neither is known. */
export function birthdayChildText(d: Pick<PartyDetails, "childName" | "childAge">): string | null {
  const parts = [d.childName, d.childAge !== null ? `wird ${d.childAge}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** Label and value rows for e-mails and pages (only what is known). */
export function partyRows(d: PartyDetails): [string, string][] {
  const child = birthdayChildText(d);
  return [
    ...(child ? [["Geburtstagskind", child] as [string, string]] : []),
    ...(d.notes ? [["Allergien / Hinweise", d.notes] as [string, string]] : []),
  ];
}

/** The form fields' values as typed (strings), from stored details. */
export function partyFormValues(d: PartyDetails): Record<PartyField, string> {
  return { partyChildName: d.childName ?? "", partyChildAge: d.childAge === null ? "" : String(d.childAge), partyNotes: d.notes ?? "" };
}

export type { DataField } from "./data-fields";
import type { DataField } from "./data-fields";

/** The party section's fields with the values and problems to show. */
export function partyDataFields(values: Partial<Record<PartyField, string>>, problems: readonly PartyProblem[] = [], texts: PartyTexts = GERMAN_PARTY_TEXTS): DataField[] {
  const problem = (f: PartyField) => problems.find((p) => p.field === f)?.message;
  return [
    { name: "partyChildName", label: texts.childNameLabel, value: values.partyChildName ?? "", maxLength: PARTY_LIMITS.childName, kind: "text", problem: problem("partyChildName"), autoComplete: "off" },
    { name: "partyChildAge", label: texts.childAgeLabel, value: values.partyChildAge ?? "", maxLength: 2, kind: "numeric", problem: problem("partyChildAge") },
    { name: "partyNotes", label: texts.notesLabel, value: values.partyNotes ?? "", maxLength: PARTY_LIMITS.notes, kind: "multiline", hint: texts.notesHint, problem: problem("partyNotes") },
  ];
}

/** Before → after for the audit sentence, only what changed (German names). */
export function partyChanges(before: PartyDetails, after: PartyDetails): string[] {
  const show = (v: string | number | null) => (v === null ? "–" : String(v));
  const parts: string[] = [];
  if (before.childName !== after.childName) parts.push(`Geburtstagskind «${show(before.childName)}» → «${show(after.childName)}»`);
  if (before.childAge !== after.childAge) parts.push(`Alter «${show(before.childAge)}» → «${show(after.childAge)}»`);
  if (before.notes !== after.notes) parts.push(`Allergien/Hinweise «${show(before.notes)}» → «${show(after.notes)}»`);
  return parts;
}
