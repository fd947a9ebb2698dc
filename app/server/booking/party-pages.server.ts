import { longDateLabel, shortDateLabel } from "~/domain/calendar";
import type { DataGroup } from "~/domain/data-fields";
import { lastOrderDay, quantityLimit, type Extra } from "~/domain/extras";
import { formatChf } from "~/domain/money";
import { venueWord, type VenueTranslations } from "~/domain/venue-translations";
import { qtyDetail, type SummaryLine } from "~/domain/pricing";
import { formatVenueInstant } from "~/domain/self-service";
import { formatDateDE, formatTime, VENUE_TIME_ZONE } from "~/domain/time";
import { LOCALE, type Lang } from "~/i18n/locales";
import { localizeIn, t, texts, type StaticKey, type Texts } from "../i18n/texts.server";

/**
 * The words of the manage link's party pages (issue #33): /buchung/…/feier, …/schlusszahl,
 * …/restbetrag and …/zusatzleistungen, in the page's language (namespaces `party`, `partyMsg`, and
 * `dataFields` for the extras). German is what the pages and server functions said before, word for
 * word; what the venue typed (offer, extras, meals) stays as typed. Server only, and light: the
 * server functions of those pages (headcount, extras, deposit) import it.
 */

/** Where a venue's name sits in a formatted sentence (split out by `named`). */
export const NAME_MARK = "\u0001";

/** A sentence around a venue's name, so the page can mark the name as German (`lang="de-CH"`). */
export type Named = { before: string; name: string; after: string };

/** `text` formatted with `NAME_MARK` in the name's place, split around it. */
export function named(text: string, name: string): Named {
  const at = text.indexOf(NAME_MARK);
  return at < 0 ? { before: text, name: "", after: "" } : { before: text.slice(0, at), name, after: text.slice(at + NAME_MARK.length) };
}

/** «09.12.2026» (German as the pages always wrote it). */
export function dateIn(lang: Lang, iso: string): string {
  return lang === "de" ? formatDateDE(iso) : shortDateLabel(iso, lang);
}

/** «09.12.2026, 14:00 Uhr», «09.12.2026 à 14:00». */
export function whenAt(lang: Lang, r: { date: string; startMin: number }): string {
  return t(lang, "party", "dateTime", { date: dateIn(lang, r.date), time: formatTime(r.startMin) });
}

/** «09.12.2026, 14:00 - 16:00 Uhr, Kindergeburtstag» (`offer`: the offer's name, or `NAME_MARK`). */
export function whenRange(lang: Lang, r: { date: string; startMin: number; endMin: number }, offer: string): string {
  const time = t(lang, "common", "timeRange", { start: formatTime(r.startMin), end: formatTime(r.endMin) });
  return t(lang, "party", "whenRange", { date: dateIn(lang, r.date), time, offer });
}

const instantFormats = new Map<Lang, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** «Dienstag, 8. Dezember 2026, 14:05 Uhr» (venue time), «mardi, 8 décembre 2026 à 14:05». */
export function venueInstantIn(lang: Lang, instant: Date): string {
  if (lang === "de") return formatVenueInstant(instant);
  let f = instantFormats.get(lang);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: VENUE_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      time: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: VENUE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    };
    instantFormats.set(lang, f);
  }
  return t(lang, "party", "dateTime", { date: f.date.format(instant), time: f.time.format(instant) });
}

/** «Mittwoch, 9. Dezember 2026» in a language (`germanText`: the domain's German, kept for German). */
export function longDateIn(lang: Lang, iso: string, germanText: string): string {
  return lang === "de" ? germanText : longDateLabel(iso, lang);
}

/** A page's argument-free words of namespace `party` (only those it shows travel as its data). */
export function partyWords<K extends StaticKey<"party">>(lang: Lang, keys: readonly K[]): Pick<Texts<"party">, K> {
  const all = texts(lang, "party");
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<Texts<"party">, K>;
}

/** A fixed German message of the party pages' server functions (`partyMsg`) in the page's language; anything else as it is. */
export function partyMessageIn(lang: Lang, german: string): string {
  return localizeIn(lang, "partyMsg", german);
}

// ---------------------------------------------------------------------------------------------
// Extras

/** `2 × CHF 4.50`, `4 × inbegriffen` in a language: a price line's count × unit (its label is the venue's). */
export function priceLineIn(lang: Lang, line: SummaryLine): SummaryLine {
  if (lang === "de" || !line.qty) return line;
  return { ...line, detail: qtyDetail(line.qty, (rappen) => formatChf(rappen, lang), t(lang, "dataFields", "included")) };
}

/** «Bestellbar bis …» in a language (null: until the party). */
export function deadlineIn(lang: Lang, deadlineDays: number, date: string): string | null {
  const last = lastOrderDay(date, deadlineDays);
  return last === null ? null : t(lang, "dataFields", "orderUntil", { date: longDateLabel(last, lang), days: deadlineDays });
}

const UNIT_KEYS = { piece: "perPiece", child: "perChild", party: "perParty" } as const;

/** An extra's sentence under its name (as `extraGroups` words it in German): price, how many, until when; the venue's description is shown apart. */
function extraTextIn(lang: Lang, extra: Extra, children: number, date: string): string {
  const limit = String(quantityLimit(extra, children));
  const price = extra.priceRappen > 0 ? `${formatChf(extra.priceRappen, lang)} ${t(lang, "dataFields", UNIT_KEYS[extra.unit])}` : t(lang, "dataFields", "noSurcharge");
  const rule = extra.unit === "party" ? t(lang, "dataFields", "ruleParty") : t(lang, "dataFields", extra.unit === "child" ? "ruleChild" : "ruleMax", { limit });
  const text = [t(lang, "dataFields", "priceAndRule", { price, rule }), deadlineIn(lang, extra.deadlineDays, date) ?? ""].filter(Boolean).join(" ");
  return text.endsWith(".") ? text : `${text}.`;
}

/**
 * The extras' groups (`extraGroups`, German) in a language: the venue's name, description and
 * choices marked as German, the page's words around them; German as it is.
 */
export function extraGroupsIn<G extends DataGroup>(lang: Lang, groups: G[], offered: readonly Extra[], children: number, date: string, translations: VenueTranslations = {}): G[] {
  if (lang === "de") return groups;
  const quantity = t(lang, "dataFields", "quantity");
  // The venue's words as it translated them (issue #33); what it did not translate stays German, marked.
  const word = (german: string) => ({ text: venueWord(translations, lang, german), german: venueWord(translations, lang, german) === german });
  return groups.map((group) => {
    const extra = offered.find((e) => e.id === group.id);
    if (!extra) return group;
    const name = word(extra.name);
    const description = extra.description ? word(extra.description) : null;
    return {
      ...group,
      legend: name.text,
      lang: name.german || description?.german ? "de-CH" : undefined,
      venueText: description ? (/[.!?]$/.test(description.text) ? description.text : `${description.text}.`) : undefined,
      text: extraTextIn(lang, extra, children, date),
      // A choice's label is the venue's word (a meal); a plain extra's is the page's «Quantity».
      fields:
        extra.choices.length > 0
          ? group.fields.map((f) => {
              const choice = word(f.label);
              return { ...f, label: choice.text, lang: choice.german ? "de-CH" : undefined };
            })
          : group.fields.map((f) => ({ ...f, label: quantity })),
    };
  });
}
