import type { Lang } from "~/i18n/locales";
import { phoneCallerContactError, toContact, type ContactInput } from "~/domain/contact";
import { parsePartyDetails, type PartyField } from "~/domain/party-details";
import { applyVoucher, birthdayPriceLines, birthdayPriceRappen } from "~/domain/pricing";
import { gamePriceRappen, roundLimits } from "~/domain/games";
import { isDiallablePhone } from "~/domain/phone";
import type { GameType } from "~/domain/games";
import { formatChf } from "~/domain/money";
import { parseDateInput } from "~/domain/booking-search";
import { gameChoiceProblem } from "~/domain/games";
import { parseTime, venueNow } from "~/domain/time";
import { availableBirthdaySlots } from "../booking/availability.server";
import { reserveBirthday, type Reservation, type ReserveOptions, type ReserveResult } from "../booking/bookings.server";
import { availableGameStarts, reserveGame } from "../booking/games.server";
import { findGameLocation, findOffer, getVenue, loadVenuePolicy, readVenueProfile } from "../booking/venue.server";
import { validateVoucher } from "../vouchers/vouchers.server";
import { hasBegun, onlineNotBefore } from "~/domain/availability";
import { COUNTER_CAP, partyRuleProblem } from "~/domain/party-rules";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { auditLog } from "../platform/schema";
import { enqueuePaymentLinkMail, kickMailer } from "../mail/mail.server";
import type { DeskActor } from "./booking-desk.server";
import { INVOICE_DUE_DAYS, INVOICE_TEXT } from "~/domain/invoices";
import { createInvoice } from "../accounting/invoices.server";

/** How the rest of a phone booking is paid once a voucher (if any) is taken off. */
export const PHONE_PAYMENTS = ["venue", "link"] as const;
export type PhonePayment = (typeof PHONE_PAYMENTS)[number];

export type PhoneBookingInput = {
  slot:
    | { kind: "birthday"; offerId: number; date: string; startMin: number; numChildren: number; numActiveAdults: number; numAccompanyingAdults: number }
    | { kind: "game"; locationId: number; gameType: GameType; date: string; startMin: number; rounds: number; players: number };
  contact: ContactInput;
  couponCode: string | null;
  payment: unknown;
  /** The birthday child and allergies as the caller gives them (issue #30 §1); optional, checked like the family's. */
  party?: Partial<Record<PartyField, unknown>>;
  /** The caller's language, as staff chose it (issue #33); German when not given. */
  lang?: Lang;
};

type Outcome = "paid-by-voucher" | "pay-at-venue" | "payment-link" | "payment-link-no-email" | "phone-invoice" | "phone-invoice-mailed" | "invoice-failed";

export type PhoneBookingResult =
  | { ok: true; code: string; outcome: Outcome; message: string }
  | { ok: false; status: number; message: string };

const STATUS: Record<Exclude<ReserveResult, { ok: true }>["reason"], number> = { invalid: 400, slot_taken: 409, voucher: 409, too_many_holds: 429, voucher_attempts: 429, hold_share: 409 };

/**
 * Staff book for a caller through the same functions as the site (`reserveBirthday`/`reserveGame`:
 * the same grid, availability, day lock, prices and voucher rules), marked `channel = phone`. What a
 * voucher does not cover is either left open to be paid at the venue (confirmed at once) or paid
 * online: the booking is held for PHONE_HOLD_MINUTES and the family gets the site's payment link
 * (`/zahlung/<token>`), which opens a fresh payment at the provider each time it is used while the
 * hold lasts. The audit row and the link's e-mail commit in the booking's own transaction. No hold
 * limit per client: staff are not a hoarding risk, and every phone booking is in the audit log.
 */
export async function placePhoneBooking(db: Db, input: PhoneBookingInput, actor: DeskActor, now: Date = new Date()): Promise<PhoneBookingResult> {
  const payment = input.payment;
  if (payment !== "venue" && payment !== "link" && payment !== "invoice") return { ok: false, status: 400, message: "Bitte wählen Sie, wie der Restbetrag bezahlt wird." };
  // «Rechnung» (issue #31 §2): without the venue's IBAN there is no QR-bill, so nothing is booked.
  if (payment === "invoice" && !(await readVenueProfile(db)).iban) return { ok: false, status: 409, message: INVOICE_TEXT.noIban };
  // The caller agrees to the terms on the phone; name and phone are enough (issue #29 §4), the
  // e-mail address (optional) is read back, not typed twice.
  const contactInput: ContactInput = { ...input.contact, emailRepeat: input.contact.email, terms: "on" };
  const problem = phoneCallerContactError(contactInput, isDiallablePhone);
  if (problem) return { ok: false, status: 400, message: problem };
  const contact = toContact(contactInput);
  const party = parsePartyDetails(input.party ?? {});
  if (!party.ok) return { ok: false, status: 400, message: party.problems.map((p) => p.message).join(" ") };
  const env = getEnv();
  const outcomeOf = (r: Reservation): Outcome =>
    r.amountRappen <= 0 ? "paid-by-voucher" : payment === "venue" || payment === "invoice" ? "pay-at-venue" : r.email === "" ? "payment-link-no-email" : "payment-link";
  const options: ReserveOptions = {
    now,
    holdMinutes: env.PHONE_HOLD_MINUTES,
    channel: "phone",
    lang: input.lang ?? "de",
    // An invoiced booking is confirmed like one paid at the venue; its invoice bills the open amount.
    payAtVenue: payment === "venue" || payment === "invoice",
    alsoInTransaction: async (tx, r) => {
      const outcome = outcomeOf(r);
      if (outcome === "payment-link") await enqueuePaymentLinkMail(tx, r);
      await tx.insert(auditLog).values({
        staffId: actor.id,
        actor: `staff:${actor.email}`,
        action: "phone-booking",
        reservationId: r.id,
        details: {
          outcome,
          amountRappen: r.amountRappen,
          discountRappen: r.discountRappen,
          ...(outcome === "payment-link" ? { holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null } : {}),
        },
      });
    },
  };
  const couponCode = input.couponCode?.trim().toUpperCase() || null;
  const { slot } = input;
  const result =
    slot.kind === "game"
      ? await reserveGame(db, { locationId: slot.locationId, gameType: slot.gameType, date: slot.date, startMin: slot.startMin, rounds: slot.rounds, players: slot.players, contact, couponCode, party: party.details }, options)
      : await reserveBirthday(
          db,
          {
            offerId: slot.offerId,
            date: slot.date,
            startMin: slot.startMin,
            counts: { numChildren: slot.numChildren, numActiveAdults: slot.numActiveAdults, numAccompanyingAdults: slot.numAccompanyingAdults },
            contact,
            couponCode,
            party: party.details,
          },
          options,
        );
  if (!result.ok) return { ok: false, status: STATUS[result.reason], message: result.message };
  const r = result.reservation;
  let outcome: Outcome = outcomeOf(r);
  let invoiceMessage = "";
  if (payment === "invoice" && outcome === "pay-at-venue") {
    // After the booking's commit: the invoice is its own transaction (booking row, then invoice). Should
    // it fail, the booking stands and staff make the invoice on its page.
    const invoice = await createInvoice(db, actor, r.code, String(INVOICE_DUE_DAYS.default), now, { mail: r.email !== "" });
    outcome = invoice.ok ? (r.email !== "" ? "phone-invoice-mailed" : "phone-invoice") : "invoice-failed";
    invoiceMessage = ` ${invoice.message}`;
  }
  kickMailer();
  return {
    ok: true,
    code: r.code,
    outcome,
    message:
      outcome === "phone-invoice" || outcome === "phone-invoice-mailed" || outcome === "invoice-failed"
        ? `Buchung ${r.code} bestätigt, per Rechnung zu bezahlen: ${formatChf(r.amountRappen)}.${invoiceMessage}`
        : outcome === "pay-at-venue"
        ? `Buchung ${r.code} bestätigt. Offen, zahlbar vor Ort: ${formatChf(r.amountRappen)}.`
        : outcome === "paid-by-voucher"
          ? `Buchung ${r.code} bestätigt, mit dem Gutschein bezahlt.`
          : outcome === "payment-link-no-email"
            ? `Buchung ${r.code} reserviert. Ohne E-Mail-Adresse: Zahlungslink über ${formatChf(r.amountRappen)} in der Buchung anzeigen und vorlesen oder per SMS senden.`
            : `Buchung ${r.code} reserviert. Der Zahlungslink über ${formatChf(r.amountRappen)} ging an ${r.email}.`,
  };
}

/** What the caller will pay, shown before saving (issue #29 §4). */
export type PhonePrice = {
  lines: { label: string; amountRappen: number }[];
  priceRappen: number;
  /** With a voucher code asked for («Preis berechnen»): what it takes off, and its message. */
  voucher?: { code: string; valid: boolean; message: string; discountRappen: number };
  amountRappen: number;
};

/**
 * The price of the first step's choice by the same functions the booking uses (the server's
 * figures, not the page's), with a voucher's part when a code is given — read only, nothing redeemed.
 */
export async function phonePrice(db: Db, slot: Extract<PhoneOptions, { ok: true }>["slot"], couponCode: string | null, now: Date = new Date()): Promise<PhonePrice> {
  const chf = formatChf;
  let lines: PhonePrice["lines"];
  let priceRappen: number;
  if (slot.kind === "birthday") {
    const offer = await findOffer(db, slot.offerId);
    const { prices } = await getVenue(db);
    priceRappen = offer ? birthdayPriceRappen(slot, offer.basePriceRappen, prices, offer.minChargedChildren) : 0;
    lines = birthdayPriceLines(slot, priceRappen, prices, offer?.minChargedChildren ?? 0).map((l) => ({ label: `${l.count} × ${l.label} à ${chf(l.unitRappen)}`, amountRappen: l.amountRappen }));
  } else {
    const location = await findGameLocation(db, slot.locationId);
    if (!location) return { lines: [], priceRappen: 0, amountRappen: 0 };
    priceRappen = gamePriceRappen(location, slot);
    if (slot.gameType === 1) {
      lines = [{ label: `${slot.players} Spieler × ${slot.rounds} Runden à ${chf(location.pricePerPlayerRoundRappen)}`, amountRappen: priceRappen }];
    } else {
      const extra = Math.max(0, slot.rounds - roundLimits(location).packageRounds);
      lines = [
        { label: `Geburtstagspaket (${roundLimits(location).packageRounds} Runden)`, amountRappen: location.packagePriceRappen },
        ...(extra > 0 ? [{ label: `${extra} × Zusatzrunde à ${chf(location.extraRoundPriceRappen)}`, amountRappen: extra * location.extraRoundPriceRappen }] : []),
      ];
    }
  }
  const code = couponCode?.trim().toUpperCase() || null;
  if (!code) return { lines, priceRappen, amountRappen: priceRappen };
  const check = await validateVoucher(db, code, now);
  const { discountRappen, amountRappen } = applyVoucher(priceRappen, check.valid ? check.remainingRappen : null);
  return { lines, priceRappen, voucher: { code: check.code, valid: check.valid, message: check.message, discountRappen }, amountRappen };
}

// ---------------------------------------------------------------------------------------------
// The phone booking page's first step: what the caller wants, and which start times are free.

export type PhoneQuery = {
  kind: string;
  date: string;
  offerId: string;
  numChildren: string;
  numActiveAdults: string;
  numAccompanyingAdults: string;
  locationId: string;
  gameType: string;
  rounds: string;
  players: string;
};
/** `insideLeadTime`: free, but inside the online lead time (only a phone booking takes it); `past`: it has begun (today), «vorbei» rather than «belegt». */
export type PhoneStart = { startMin: number; label: string; available: boolean; insideLeadTime: boolean; past: boolean };
export type PhoneOptions =
  | {
      ok: true;
      slot: Omit<Extract<PhoneBookingInput["slot"], { kind: "birthday" }>, "startMin"> | Omit<Extract<PhoneBookingInput["slot"], { kind: "game" }>, "startMin">;
      starts: PhoneStart[];
      /** The online lead time of this offer (or of games), for the page's note. */
      leadHours: number;
      price: PhonePrice;
    }
  | { ok: false; message: string };

const FIELDS: (keyof PhoneQuery)[] = ["kind", "date", "offerId", "numChildren", "numActiveAdults", "numAccompanyingAdults", "locationId", "gameType", "rounds", "players"];

export function phoneQuery(params: URLSearchParams): PhoneQuery {
  return Object.fromEntries(FIELDS.map((f) => [f, (params.get(f) ?? "").trim().slice(0, 20)])) as PhoneQuery;
}

const int = (v: string) => (/^\d{1,4}$/.test(v) ? Number(v) : NaN);

/** Checks the first step and lists the start times with the site's own availability functions. */
export async function phoneOptions(db: Db, q: PhoneQuery, now: Date = new Date()): Promise<PhoneOptions> {
  const date = parseDateInput(q.date);
  if (!date) return { ok: false, message: "Bitte ein gültiges Datum eingeben (TT.MM.JJJJ)." };
  if (date < venueNow(now).date) return { ok: false, message: "Das Datum liegt in der Vergangenheit." };
  const toStart =
    (leadHours: number) =>
    (s: { startTime: string; endTime: string; available: boolean }): PhoneStart => {
      const startMin = parseTime(s.startTime) ?? 0;
      return {
        startMin,
        label: `${s.startTime}–${s.endTime}`,
        available: s.available,
        insideLeadTime: s.available && hasBegun(date, startMin, onlineNotBefore(now, leadHours)),
        past: hasBegun(date, startMin, venueNow(now)),
      };
    };
  if (q.kind === "birthday") {
    const offerId = int(q.offerId);
    const counts = { numChildren: int(q.numChildren || "0"), numActiveAdults: int(q.numActiveAdults || "0"), numAccompanyingAdults: int(q.numAccompanyingAdults || "0") };
    const offer = await findOffer(db, offerId);
    if (!offer) return { ok: false, message: "Bitte wählen Sie ein Paket." };
    const persons = counts.numChildren + counts.numActiveAdults + counts.numAccompanyingAdults;
    if (!Object.values(counts).every((n) => Number.isInteger(n) && n >= 0 && n <= COUNTER_CAP) || persons < 1) {
      return { ok: false, message: `Bitte 0 bis ${offer.maxChildren} Kinder und 0 bis ${offer.maxAdults} Erwachsene pro Gruppe angeben, mindestens 1 Person.` };
    }
    const outsideRules = partyRuleProblem(offer, counts);
    if (outsideRules) return { ok: false, message: outsideRules };
    const slots = await availableBirthdaySlots(db, { date, persons, offerId }, now, { ignoreLeadTime: true });
    const slot = { kind: "birthday" as const, offerId, date, ...counts };
    return { ok: true, slot, starts: slots.map(toStart(offer.leadHours)), leadHours: offer.leadHours, price: await phonePrice(db, slot, null, now) };
  }
  if (q.kind === "game") {
    const location = await findGameLocation(db, int(q.locationId));
    if (!location) return { ok: false, message: "Bitte wählen Sie einen Spielort." };
    const gameType = q.gameType === "2" ? 2 : q.gameType === "1" ? 1 : null;
    if (!gameType) return { ok: false, message: "Bitte wählen Sie Normales Spiel oder Geburtstagspaket." };
    const choice = { gameType, rounds: int(q.rounds), players: int(q.players) } as const;
    const problem = gameChoiceProblem(location, choice);
    if (problem) return { ok: false, message: problem };
    const starts = (await availableGameStarts(db, { locationId: location.id, date, rounds: choice.rounds }, now, { ignoreLeadTime: true })) ?? [];
    const { gameLeadHours } = await loadVenuePolicy(db);
    const slot = { kind: "game" as const, locationId: location.id, gameType: gameType as GameType, date, rounds: choice.rounds, players: choice.players };
    return { ok: true, slot, starts: starts.map(toStart(gameLeadHours)), leadHours: gameLeadHours, price: await phonePrice(db, slot, null, now) };
  }
  return { ok: false, message: "Bitte wählen Sie Geburtstag oder Spiel." };
}
