import { hasBegun } from "./availability";
import { formatChf } from "./money";
import type { DataGroup } from "./data-fields";
import { qtyDetail, type SummaryLine } from "./pricing";
import { longDateLabel } from "./calendar";
import { addDays, type VenueNow } from "./time";
import { parsePriceRappen } from "./venue-settings";

/**
 * Extras for a party (issue #30 §2): a cake, a goodie bag per child, the package's meal chosen per
 * child. Managers define them; families choose them on the contact step and later on the manage
 * link until each extra's order deadline. Pure rules: the same parse and prices run for the
 * contact step, the manage page, the staff pages and the server's transaction, which alone prices.
 */

export const EXTRA_UNITS = ["piece", "child", "party"] as const;
export type ExtraUnit = (typeof EXTRA_UNITS)[number];

/** As shown after the price: «CHF 4.50 pro Kind». */
export const EXTRA_UNIT_LABELS: Record<ExtraUnit, string> = { piece: "pro Stück", child: "pro Kind", party: "pro Party" };

export type Extra = {
  id: number;
  name: string;
  description: string;
  priceRappen: number;
  unit: ExtraUnit;
  /** E.g. the meal: «Pizza Margherita», «Hot Dog», «vegetarisch»; counted per choice. Empty: one count. */
  choices: string[];
  maxQuantity: number;
  /** The birthday offers it applies to. */
  offerIds: number[];
  /** Applies to the games' birthday package too. */
  gamePackage: boolean;
  /** Orderable until the end of the day this many days before the party; 0: until it begins. */
  deadlineDays: number;
  active: boolean;
  position: number;
};

/** One count of a choice: `choice` '' when the extra has none. */
export type ExtraPick = { extraId: number; choice: string; quantity: number };

/** A pick as stored on a booking: name, unit, price and deadline copied when chosen. */
export type BookedExtra = ExtraPick & { name: string; unit: ExtraUnit; unitPriceRappen: number; deadlineDays: number };

export const EXTRA_LIMITS = { name: 80, description: 300, choices: 8, choice: 40, maxQuantity: 50, deadlineDays: 60, priceRappen: 100_000 } as const;

export const EXTRAS_MSG = {
  title: "Zusatzleistungen",
  hint: "Freiwillig: Wählen Sie, was Sie dazu bestellen möchten, und tippen Sie auf «Preis aktualisieren». Bis zum Bestellschluss können Sie die Auswahl über den Link in Ihrer Bestätigung ändern.",
  update: "Preis aktualisieren",
  updated: "Die Zusatzleistungen sind übernommen. Bitte prüfen Sie den neuen Preis oben.",
  adjusted: "Ihre Auswahl an Zusatzleistungen wurde angepasst: Nicht mehr Bestellbares ist entfernt. Bitte prüfen Sie den neuen Preis oben.",
  check: "Bitte prüfen Sie die Zusatzleistungen.",
  notOrderable: (name: string) => `«${name}» ist für diesen Termin nicht mehr bestellbar. Bitte prüfen Sie Ihre Auswahl.`,
  saved: "Die Zusatzleistungen wurden gespeichert.",
  unchanged: "Die Zusatzleistungen sind unverändert.",
  notActive: "Diese Buchung ist nicht aktiv; die Zusatzleistungen können nicht geändert werden.",
  none: "Keine Zusatzleistungen gewählt.",
  tooLateForMove: (name: string) =>
    `«${name}» kann für diesen früheren Termin nicht mehr rechtzeitig bereitgestellt werden (Bestellschluss vorbei). Bitte entfernen Sie es zuerst unter «Zusatzleistungen ändern» oder rufen Sie uns an.`,
  moreThanChildren: (name: string, quantity: number) =>
    `«${name}» ist für ${quantity} Kinder bestellt. Bitte passen Sie zuerst die Zusatzleistungen an und ändern Sie danach die Anzahl Kinder.`,
  included: "inbegriffen",
  quantity: "Anzahl",
} as const;

/** The posted field of an extra (and of one of its choices). */
export function extraFieldName(extraId: number, choiceIndex: number | null): string {
  return choiceIndex === null ? `extra-${extraId}` : `extra-${extraId}-${choiceIndex}`;
}

/** Whether the extra may be chosen for this booking: a birthday offer it lists, or the games' birthday package. */
export function extraAppliesTo(extra: Pick<Extra, "offerIds" | "gamePackage">, booking: { offerId: number | null; gameType: number | null }): boolean {
  if (booking.gameType !== null) return booking.gameType === 2 && extra.gamePackage;
  return booking.offerId !== null && extra.offerIds.includes(booking.offerId);
}

/** The last day an extra with this deadline can be ordered for a party on `date` (null: until it begins). */
export function lastOrderDay(date: string, deadlineDays: number): string | null {
  return deadlineDays > 0 ? addDays(date, -deadlineDays) : null;
}

/**
 * Whether an extra can still be ordered or changed. Compared on the venue's calendar (its local date
 * now against the party's date less the deadline), so a day of 23 or 25 hours at a clock change
 * moves nothing.
 */
export function extraOrderable(deadlineDays: number, party: { date: string; startMin: number }, now: VenueNow): boolean {
  if (hasBegun(party.date, party.startMin, now)) return false;
  const last = lastOrderDay(party.date, deadlineDays);
  return last === null || now.date <= last;
}

/** «bestellbar bis Mi, 25.11.2026» — the deadline a family reads (null: until the party). */
export function deadlineText(deadlineDays: number, date: string): string | null {
  const last = lastOrderDay(date, deadlineDays);
  return last === null ? null : `Bestellbar bis ${longDateLabel(last)} (${deadlineDays} ${deadlineDays === 1 ? "Tag" : "Tage"} vor der Party)`;
}

/** How many may be chosen in all (choices together): per child at most one per child, per party one. */
export function quantityLimit(extra: Pick<Extra, "unit" | "maxQuantity">, children: number): number {
  if (extra.unit === "party") return 1;
  if (extra.unit === "child") return Math.max(0, Math.min(extra.maxQuantity, children));
  return extra.maxQuantity;
}

/**
 * A posted count refused: `message` in German; `kind`, `name` (the extra's), `choice` ('' for none) and
 * `limit` as data, so a family page words it in its language (the same rule, the same field).
 */
export type ExtraProblem = { field: string; message: string; kind: "wholeNumber" | "tooMany" | "tooManyPerChild"; name: string; choice: string; limit: number };

const label = (extra: Pick<Extra, "name">, choice: string) => (choice ? `${extra.name}, ${choice}` : extra.name);

/**
 * The posted counts of the extras offered, checked: every problem at once (each field is marked).
 * An empty field counts 0; fields of extras not offered are ignored (a tampered form adds nothing).
 */
export function parseExtraPicks(
  input: Record<string, unknown>,
  offered: readonly Extra[],
  children: number,
): { ok: true; picks: ExtraPick[] } | { ok: false; problems: ExtraProblem[] } {
  const picks: ExtraPick[] = [];
  const problems: ExtraProblem[] = [];
  for (const extra of offered) {
    const limit = quantityLimit(extra, children);
    const slots = extra.choices.length > 0 ? extra.choices.map((c, i) => ({ choice: c, field: extraFieldName(extra.id, i) })) : [{ choice: "", field: extraFieldName(extra.id, null) }];
    let sum = 0;
    let wrong = false;
    for (const slot of slots) {
      const raw = input[slot.field];
      const text = typeof raw === "string" ? raw.trim() : "";
      const n = text === "" ? 0 : /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n > limit) {
        problems.push({ field: slot.field, message: `${label(extra, slot.choice)}: Bitte geben Sie eine ganze Zahl von 0 bis ${limit} an.`, kind: "wholeNumber", name: extra.name, choice: slot.choice, limit });
        wrong = true;
        continue;
      }
      sum += n;
      if (n > 0) picks.push({ extraId: extra.id, choice: slot.choice, quantity: n });
    }
    if (!wrong && sum > limit) {
      const rule = extra.unit === "child" ? ` (höchstens eines pro Kind, ${limit} insgesamt)` : ` (höchstens ${limit} insgesamt)`;
      const kind = extra.unit === "child" ? "tooManyPerChild" : "tooMany";
      problems.push({ field: slots[0]!.field, message: `${extra.name}: zu viele gewählt${rule}.`, kind, name: extra.name, choice: "", limit });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, picks };
}

/**
 * Picks kept from a stored selection (the draft's) for what is offered now: an extra no longer
 * offered drops out, a choice no longer offered too, and a count over today's limit (fewer children)
 * is lowered to it — the family sees the result in the summary before booking.
 */
export function keepOfferedPicks(picks: readonly ExtraPick[], offered: readonly Extra[], children: number): ExtraPick[] {
  const kept: ExtraPick[] = [];
  for (const extra of offered) {
    let left = quantityLimit(extra, children);
    for (const p of picks) {
      if (p.extraId !== extra.id || left <= 0) continue;
      if (extra.choices.length > 0 ? !extra.choices.includes(p.choice) : p.choice !== "") continue;
      const quantity = Math.min(p.quantity, left);
      if (quantity > 0 && !kept.some((k) => k.extraId === p.extraId && k.choice === p.choice)) {
        kept.push({ extraId: p.extraId, choice: p.choice, quantity });
        left -= quantity;
      }
    }
  }
  return kept;
}

/** The picks priced with the extras' prices now (the server's copy; what the booking stores). */
export function priceExtras(picks: readonly ExtraPick[], offered: readonly Extra[]): BookedExtra[] {
  return picks.flatMap((p) => {
    const extra = offered.find((e) => e.id === p.extraId);
    return extra ? [{ ...p, name: extra.name, unit: extra.unit, unitPriceRappen: extra.priceRappen, deadlineDays: extra.deadlineDays }] : [];
  });
}

export function extrasTotalRappen(booked: readonly Pick<BookedExtra, "quantity" | "unitPriceRappen">[]): number {
  return booked.reduce((sum, b) => sum + b.quantity * b.unitPriceRappen, 0);
}

/** «Geburtstagstorte», «Menü: Hot Dog». */
export function bookedExtraLabel(b: Pick<BookedExtra, "name" | "choice">): string {
  return b.choice ? `${b.name}: ${b.choice}` : b.name;
}

/** Each extra as a line of the price summary («2 × CHF 4.50», or «4 × inbegriffen»). */
export function extraSummaryLines(booked: readonly BookedExtra[]): SummaryLine[] {
  return booked.map((b) => {
    const qty = b.unitPriceRappen > 0 ? { counts: [b.quantity], unitRappen: b.unitPriceRappen } : { counts: [b.quantity], unitRappen: 0, included: true as const };
    return { label: bookedExtraLabel(b), detail: qtyDetail(qty, formatChf, EXTRAS_MSG.included), amountRappen: b.quantity * b.unitPriceRappen, word: { key: "extra" }, qty };
  });
}

/** One line for lists and the CSV: «Geburtstagstorte 1×; Menü: Pizza 4×». */
export function extrasText(booked: readonly Pick<BookedExtra, "name" | "choice" | "quantity">[]): string {
  return booked.map((b) => `${bookedExtraLabel(b)} ${b.quantity}×`).join("; ");
}

/** The picks of stored extras (to fill a form or compare). */
export function picksOf(booked: readonly ExtraPick[]): ExtraPick[] {
  return booked.map((b) => ({ extraId: b.extraId, choice: b.choice, quantity: b.quantity }));
}

export function samePicks(a: readonly ExtraPick[], b: readonly ExtraPick[]): boolean {
  const key = (list: readonly ExtraPick[]) =>
    list
      .filter((p) => p.quantity > 0)
      .map((p) => `${p.extraId}\u0000${p.choice}\u0000${p.quantity}`)
      .sort()
      .join("\u0001");
  return key(a) === key(b);
}

/**
 * Whether a new choice (paid late: after its hold ran out) may still be applied now: every extra it
 * changes must still be orderable for the party, by the deadline stored with the row.
 */
export function changeStillOrderable(before: readonly BookedExtra[], after: readonly BookedExtra[], party: { date: string; startMin: number }, now: VenueNow): boolean {
  const ids = [...new Set([...before, ...after].map((b) => b.extraId))];
  return ids.every((id) => {
    const was = before.filter((b) => b.extraId === id);
    const will = after.filter((b) => b.extraId === id);
    if (samePicks(was, will)) return true;
    return extraOrderable((will[0] ?? was[0])!.deadlineDays, party, now);
  });
}

/** Before → after for the audit sentence (German names), only what changed. */
export function extrasChanges(before: readonly BookedExtra[], after: readonly BookedExtra[]): string[] {
  const labels = new Set([...before, ...after].map(bookedExtraLabel));
  const count = (list: readonly BookedExtra[], l: string) => list.find((b) => bookedExtraLabel(b) === l)?.quantity ?? 0;
  return [...labels].flatMap((l) => (count(before, l) === count(after, l) ? [] : [`${l} ${count(before, l)} → ${count(after, l)}`]));
}

/** Sums for the kitchen: each extra and choice over many parties («Menü: Pizza» → 14). */
export function sumExtras(lists: readonly (readonly Pick<BookedExtra, "name" | "choice" | "quantity">[])[]): { label: string; quantity: number }[] {
  const sums = new Map<string, number>();
  for (const list of lists) for (const b of list) sums.set(bookedExtraLabel(b), (sums.get(bookedExtraLabel(b)) ?? 0) + b.quantity);
  return [...sums].map(([l, quantity]) => ({ label: l, quantity })).sort((a, b) => a.label.localeCompare(b.label, "de-CH"));
}

/** An extra's group of fields on a form: its heading, what it is, and one number field per choice. */
export type ExtraGroup = DataGroup & { id: number; legend: string; text: string };

/** «CHF 4.50 pro Kind», «Ohne Aufpreis». */
export function extraPriceText(extra: Pick<Extra, "priceRappen" | "unit">): string {
  return extra.priceRappen > 0 ? `${formatChf(extra.priceRappen)} ${EXTRA_UNIT_LABELS[extra.unit]}` : "Ohne Aufpreis";
}

/**
 * The extras' fields with the counts to show (a stored selection) and the problems of a refused
 * submit; rendered by `components/DataFields`, so their words cost the page no JavaScript.
 */
export function extraGroups(offered: readonly Extra[], picks: readonly ExtraPick[], children: number, date: string, problems: readonly Pick<ExtraProblem, "field" | "message">[] = []): ExtraGroup[] {
  return offered.map((extra) => {
    const limit = quantityLimit(extra, children);
    const count = (choice: string) => picks.find((p) => p.extraId === extra.id && p.choice === choice)?.quantity ?? 0;
    const slots = extra.choices.length > 0 ? extra.choices.map((c, i) => ({ choice: c, name: extraFieldName(extra.id, i), label: c })) : [{ choice: "", name: extraFieldName(extra.id, null), label: EXTRAS_MSG.quantity }];
    const rule = extra.unit === "party" ? "0 oder 1" : extra.unit === "child" ? `höchstens eines pro Kind (${limit})` : `höchstens ${limit}`;
    const text = [extra.description, `${extraPriceText(extra)}, ${rule}.`, deadlineText(extra.deadlineDays, date) ?? ""].filter(Boolean).join(" ");
    return {
      id: extra.id,
      legend: extra.name,
      text: text.endsWith(".") ? text : `${text}.`,
      fields: slots.map((s) => ({
        name: s.name,
        label: s.label,
        value: count(s.choice) > 0 ? String(count(s.choice)) : "",
        maxLength: 3,
        kind: "numeric" as const,
        problem: problems.find((p) => p.field === s.name)?.message,
      })),
    };
  });
}

/** A manager's extra as typed on the settings page. */
export type ExtraInput = Omit<Extra, "id">;

export const EXTRA_SETTINGS_MSG = {
  name: `Bitte geben Sie einen Namen an (höchstens ${EXTRA_LIMITS.name} Zeichen).`,
  description: `Die Beschreibung darf höchstens ${EXTRA_LIMITS.description} Zeichen lang sein.`,
  unit: "Bitte wählen Sie, wie die Zusatzleistung gezählt wird.",
  choices: `Höchstens ${EXTRA_LIMITS.choices} Auswahlmöglichkeiten, je höchstens ${EXTRA_LIMITS.choice} Zeichen, ohne doppelte.`,
  maxQuantity: `Bitte geben Sie eine Höchstmenge von 1 bis ${EXTRA_LIMITS.maxQuantity} an.`,
  deadlineDays: `Bitte geben Sie den Bestellschluss in Tagen vor der Party an (0 bis ${EXTRA_LIMITS.deadlineDays}).`,
  position: "Bitte geben Sie eine Reihenfolge von 0 bis 999 an.",
  appliesTo: "Bitte wählen Sie mindestens ein Angebot, für das die Zusatzleistung gilt.",
  priceTooHigh: "Der Preis darf höchstens CHF 1000.00 betragen.",
} as const;

type ExtraForm = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };
const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.replace(/[\u0000-\u001f\u007f]/g, " ").trim() : "");
const intIn = (v: FormDataEntryValue | null, min: number, max: number) => {
  const t = text(v);
  return /^\d{1,4}$/.test(t) && Number(t) >= min && Number(t) <= max ? Number(t) : null;
};

/** The settings form of an extra, checked: every field's problem at once. */
export function parseExtra(form: ExtraForm, knownOfferIds: readonly number[]): { ok: true; value: ExtraInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = text(form.get("name")).replace(/\s+/g, " ");
  if (name.length < 1 || name.length > EXTRA_LIMITS.name) errors.name = EXTRA_SETTINGS_MSG.name;
  const description = text(form.get("description")).replace(/\s+/g, " ");
  if (description.length > EXTRA_LIMITS.description) errors.description = EXTRA_SETTINGS_MSG.description;
  const price = parsePriceRappen(form.get("price"));
  if (!price.ok) errors.price = price.message;
  else if (price.rappen > EXTRA_LIMITS.priceRappen) errors.price = EXTRA_SETTINGS_MSG.priceTooHigh;
  const unit = text(form.get("unit")) as ExtraUnit;
  if (!EXTRA_UNITS.includes(unit)) errors.unit = EXTRA_SETTINGS_MSG.unit;
  const choices = (typeof form.get("choices") === "string" ? (form.get("choices") as string) : "")
    .split(/\r?\n/)
    .map((c) => c.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (choices.length > EXTRA_LIMITS.choices || choices.some((c) => c.length > EXTRA_LIMITS.choice) || new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) {
    errors.choices = EXTRA_SETTINGS_MSG.choices;
  }
  const maxQuantity = intIn(form.get("maxQuantity"), 1, EXTRA_LIMITS.maxQuantity);
  if (maxQuantity === null) errors.maxQuantity = EXTRA_SETTINGS_MSG.maxQuantity;
  const deadlineDays = text(form.get("deadlineDays")) === "" ? 0 : intIn(form.get("deadlineDays"), 0, EXTRA_LIMITS.deadlineDays);
  if (deadlineDays === null) errors.deadlineDays = EXTRA_SETTINGS_MSG.deadlineDays;
  const position = intIn(form.get("position"), 0, 999);
  if (position === null) errors.position = EXTRA_SETTINGS_MSG.position;
  const offerIds = [...new Set(form.getAll("offerIds").map((v) => Number(text(v))))].filter((id) => knownOfferIds.includes(id)).sort((a, b) => a - b);
  const gamePackage = form.get("gamePackage") === "on";
  if (offerIds.length === 0 && !gamePackage) errors.appliesTo = EXTRA_SETTINGS_MSG.appliesTo;
  if (Object.keys(errors).length > 0 || !price.ok || maxQuantity === null || deadlineDays === null || position === null) return { ok: false, errors };
  return {
    ok: true,
    value: { name, description, priceRappen: price.rappen, unit, choices, maxQuantity, offerIds, gamePackage, deadlineDays, active: form.get("active") === "on", position },
  };
}

/**
 * A paid extra per child booked for more children than `children` (goodie bags for 6, now 4), or
 * null. Included meals are left out: they are chosen again for the final headcount (issue #30 §4).
 */
export function tooManyPerChild(booked: readonly BookedExtra[], children: number): { name: string; quantity: number } | null {
  const sums = new Map<number, { name: string; quantity: number }>();
  for (const b of booked) {
    if (b.unit !== "child" || b.unitPriceRappen === 0) continue;
    const sum = sums.get(b.extraId) ?? { name: b.name, quantity: 0 };
    sum.quantity += b.quantity;
    sums.set(b.extraId, sum);
  }
  for (const sum of sums.values()) if (sum.quantity > children) return sum;
  return null;
}
