import type { DataSection } from "~/domain/data-fields";
import { EXTRAS_MSG, extraGroups, extraSummaryLines, extrasText, parseExtraPicks, picksOf, type BookedExtra, type Extra, type ExtraPick, type ExtraProblem } from "~/domain/extras";
import { isBirthdayParty } from "~/domain/party-details";
import type { SummaryLine } from "~/domain/pricing";
import { formatDateDE, formatTime } from "~/domain/time";
import { localePath, type Lang } from "~/i18n/locales";
import type { Reservation } from "../booking/bookings.server";
import { extrasChildren, extrasFor, extrasOf, planExtras } from "../booking/extras.server";
import { CUSTOMER_ACTOR } from "../booking/reschedule.server";
import { familyMealsGuard } from "../booking/headcount.server";
import { getVenue, venueWordsIn } from "../booking/venue.server";
import { extraGroupsIn, priceLineIn, whenAt } from "../booking/party-pages.server";
import { t } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import { changeBooking, changeReturnUrls, type ChangeOutcome } from "./booking-change.server";
import type { ReturnUrls } from "./payments.server";

/**
 * The family's extras through its manage link (issue #30 §2): each extra until its own order
 * deadline. A new choice is a change of the booking like another number of persons
 * (`changeBooking`): a higher price is paid online before it takes effect, a lower one goes back to
 * the card (or the voucher), the same price (the package's meals) is saved at once.
 */

export type FamilyExtrasPage = {
  when: string;
  offerName: string;
  /** The changeable extras as a form (counts as booked), and what can no longer be changed. */
  section: DataSection;
  fixed: string[];
  /** The extras booked now, as price lines. */
  lines: SummaryLine[];
};

/** Whether the manage page offers «Zusatzleistungen» at all: a confirmed party with extras to choose or chosen. */
export async function familyMayChooseExtras(db: Db, r: Reservation, now: Date = new Date()): Promise<boolean> {
  if (r.status !== "confirmed" || !isBirthdayParty(r) || r.movesReservationId !== null) return false;
  const { orderable } = extrasFor(await getVenue(db), targetOf(r), now);
  return orderable.length > 0;
}

const targetOf = (r: Reservation) => ({ offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children: extrasChildren(r) });

async function choiceOf(db: Db, r: Reservation, now: Date): Promise<{ orderable: Extra[]; stored: BookedExtra[]; fixed: BookedExtra[] }> {
  const { orderable } = extrasFor(await getVenue(db), targetOf(r), now);
  const stored = await extrasOf(db, r.id);
  return { orderable, stored, fixed: stored.filter((b) => !orderable.some((e) => e.id === b.extraId)) };
}

/**
 * The extras page of the manage link, in the page's language (`lang`, issue #33): the page's words
 * translated, the venue's extras, choices and descriptions as the venue typed them.
 */
export async function familyExtrasPage(db: Db, r: Reservation, problems: readonly ExtraProblem[] = [], now: Date = new Date(), lang: Lang = "de"): Promise<FamilyExtrasPage> {
  const { orderable, stored, fixed } = await choiceOf(db, r, now);
  const german = lang === "de";
  const groups = extraGroups(orderable, picksOf(stored), extrasChildren(r), r.date, problems);
  return {
    when: german ? `${formatDateDE(r.date)}, ${formatTime(r.startMin)} Uhr` : whenAt(lang, r),
    offerName: lang === "de" ? r.offerName : (await venueWordsIn(db, lang))(r.offerName),
    section: {
      className: "extras-section",
      open: true,
      title: german ? EXTRAS_MSG.title : t(lang, "dataFields", "extrasTitle"),
      hint: german
        ? "Ändern Sie die Anzahl und tippen Sie auf «Weiter». Kostet die neue Auswahl mehr, bezahlen Sie die Differenz online; kostet sie weniger, erhalten Sie die Differenz zurück."
        : t(lang, "party", "extrasHint"),
      groups: extraGroupsIn(lang, groups, orderable, extrasChildren(r), r.date, lang === "de" ? {} : (await getVenue(db)).translations),
    },
    fixed: extraSummaryLines(fixed).map((line) => {
      const l = priceLineIn(lang, line);
      return german ? `${l.label}: ${l.detail} (Bestellschluss vorbei, nicht mehr änderbar)` : t(lang, "party", "extrasFixed", { label: l.label, detail: l.detail ?? "" });
    }),
    lines: extraSummaryLines(stored).map((l) => priceLineIn(lang, l)),
  };
}

/** The provider's way back to the manage link, in the page's language (`/fr/buchung/…/zahlung`). */
function returnUrlsIn(lang: Lang, urls: ReturnUrls): ReturnUrls {
  if (lang === "de") return urls;
  const local = (href: string) => {
    const url = new URL(href);
    url.pathname = localePath(lang, url.pathname);
    return url.toString();
  };
  return { ...urls, successUrl: local(urls.successUrl), cancelUrl: local(urls.cancelUrl), errorUrl: local(urls.errorUrl) };
}

export type FamilyExtrasResult =
  | { kind: "problems"; problems: ExtraProblem[] }
  | { kind: "outcome"; outcome: ChangeOutcome; before: string; after: string; fields: Record<string, string> };

/** The posted choice: checked like on the contact step, then changed like any change of the booking. */
export async function submitFamilyExtras(
  db: Db,
  r: Reservation,
  form: FormData,
  options: { token: string; confirmed: boolean; expectedPriceRappen?: number; lang?: Lang },
  now: Date = new Date(),
): Promise<FamilyExtrasResult> {
  const { orderable, stored, fixed } = await choiceOf(db, r, now);
  const lang = options.lang ?? "de";
  const posted: Record<string, string> = {};
  for (const [name, value] of form) if (name.startsWith("extra-") && typeof value === "string") posted[name] = value.slice(0, 10);
  const parsed = parseExtraPicks(posted, orderable, extrasChildren(r));
  if (!parsed.ok) return { kind: "problems", problems: parsed.problems };
  // What can no longer be changed stays as booked.
  const picks: ExtraPick[] = [...parsed.picks, ...picksOf(fixed)];
  const outcome = await changeBooking(
    db,
    {
      reservationId: r.id,
      target: { date: r.date, startMin: r.startMin, extras: picks },
      actor: CUSTOMER_ACTOR,
      pricing: "difference",
      // Once the headcount is confirmed or its deadline passed, the meals keep adding up to the children (issue #30 §4).
      guard: await familyMealsGuard(db, r, picks, now, lang),
      confirmed: options.confirmed,
      expectedPriceRappen: options.expectedPriceRappen,
      paymentReturn: returnUrlsIn(lang, changeReturnUrls(options.token)),
    },
    now,
  );
  const planned = planExtras(await getVenue(db), r, stored, picks, now);
  // Before and after as the confirmation shows them (the extras' names are the venue's).
  const describe = (list: readonly BookedExtra[]) => extrasText(list) || (lang === "de" ? "keine" : t(lang, "party", "extrasListNone"));
  const line = (list: string) => (lang === "de" ? `Zusatzleistungen: ${list}` : t(lang, "party", "extrasList", { list }));
  return { kind: "outcome", outcome, before: line(describe(stored)), after: line(planned.ok ? describe(planned.booked) : "–"), fields: posted };
}
