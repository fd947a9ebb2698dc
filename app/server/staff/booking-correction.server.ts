import { CHANGE_MSG, type ChangeQuote } from "~/domain/booking-change";
import { CORRECTION_MSG, type CorrectionRequest } from "~/domain/correction-form";
import { findReservationByCode, type Reservation } from "../booking/bookings.server";
import { getVenue, type Venue } from "../booking/venue.server";
import { extrasFor, extrasOf } from "../booking/extras.server";
import { EXTRAS_MSG, extraGroups, parseExtraPicks, picksOf, type BookedExtra, type Extra, type ExtraPick, type ExtraProblem } from "~/domain/extras";
import type { DataSection } from "~/domain/data-fields";
import { isBirthdayParty } from "~/domain/party-details";
import { changeBooking, type ChangeRefund } from "../payments/booking-change.server";
import type { Db } from "../platform/db.server";
import type { DeskActor } from "./booking-desk.server";

/**
 * Staff correct a confirmed booking where it is (issue #29 §2): persons (within the offer's rules and
 * a table's seats), another package, a discount or surcharge with its reason. The same transaction
 * as every other change (booking/reschedule.server, payments/booking-change.server): the day's lock,
 * the booking's row, its payments, the voucher; the price is checked again under the lock against
 * the one staff saw. Money is staff's choice: a higher price of a booking paid online at the venue
 * (an open balance) — a lower one back to the card or as a new voucher; a booking paid at the venue
 * just owes more or less at the counter. A party that has begun can still be corrected (children
 * added on the day). The family hears of it with the updated calendar entry unless staff untick it.
 */

export type CorrectionForm = {
  booking: Reservation;
  kind: "birthday" | "game";
  /** The active packages to choose from (the booking's own first, even if no longer active). */
  offers: { id: number; name: string }[];
  /** The party's extras as a form (issue #30 §2): every active extra of its package, deadlines or not. */
  extras: DataSection | null;
  problem: string | null;
};

/** The extras staff may set for this booking: all active ones of its package, past their deadline too. */
function staffExtras(venue: Venue, r: Reservation, children: number): Extra[] {
  const { orderable, late } = extrasFor(venue, { offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children });
  return [...orderable, ...late].sort((a, b) => a.position - b.position || a.id - b.id);
}

function extrasSection(extras: Extra[], booked: readonly BookedExtra[], children: number, date: string, problems: readonly ExtraProblem[] = []): DataSection | null {
  if (extras.length === 0 && booked.length === 0) return null;
  return {
    className: "extras-section",
    open: booked.length > 0 || problems.length > 0,
    title: EXTRAS_MSG.title,
    hint: "Auch nach dem Bestellschluss änderbar (mit der Küche absprechen). Der Preis der bereits gebuchten Zusatzleistungen bleibt, wie er gebucht wurde.",
    groups: extraGroups(extras, picksOf(booked), children, date, problems),
  };
}

export async function correctionForm(db: Db, code: string): Promise<CorrectionForm | null> {
  const booking = await findReservationByCode(db, code.toUpperCase());
  if (!booking || booking.movesReservationId !== null) return null;
  const venue = await getVenue(db);
  const kind = booking.locationId === null ? "birthday" : "game";
  const own = booking.offerId !== null ? [{ id: booking.offerId, name: booking.offerName }] : [];
  const offers = [...own, ...venue.offers.filter((o) => o.id !== booking.offerId).map((o) => ({ id: o.id, name: o.name }))];
  const extras = isBirthdayParty(booking) && kind === "birthday" ? extrasSection(staffExtras(venue, booking, booking.numChildren), await extrasOf(db, booking.id), booking.numChildren, booking.date) : null;
  return { booking, kind, offers, extras, problem: booking.status === "confirmed" ? null : CORRECTION_MSG.notActive };
}

export type CorrectionOutcome =
  | { ok: true; kind: "quote"; quote: ChangeQuote; message: string | null }
  | { ok: true; kind: "corrected"; booking: Reservation; refund: ChangeRefund; voucherCode: string | null }
  | { ok: false; status: 400 | 404 | 409; message: string; problems?: ExtraProblem[] };

export async function correctBooking(db: Db, code: string, request: CorrectionRequest, staff: DeskActor): Promise<CorrectionOutcome> {
  const booking = await findReservationByCode(db, code.toUpperCase());
  if (!booking || booking.movesReservationId !== null) return { ok: false, status: 404, message: "Keine Buchung mit diesem Code." };
  if (booking.status !== "confirmed") return { ok: false, status: 409, message: CORRECTION_MSG.notActive };
  const birthday = booking.locationId === null;
  // The extras as typed (issue #30 §2): checked like the family's form, against every extra of the package.
  let extras: ExtraPick[] | undefined;
  if (birthday && request.extraFields) {
    const children = request.counts?.numChildren ?? booking.numChildren;
    const parsed = parseExtraPicks(request.extraFields, staffExtras(await getVenue(db), booking, children), children);
    if (!parsed.ok) return { ok: false, status: 400, message: EXTRAS_MSG.check, problems: parsed.problems };
    // An extra no longer offered (deactivated) stays as booked.
    const offeredIds = new Set(staffExtras(await getVenue(db), booking, children).map((e) => e.id));
    extras = [...parsed.picks, ...picksOf((await extrasOf(db, booking.id)).filter((b) => !offeredIds.has(b.extraId)))];
  }
  const result = await changeBooking(db, {
    reservationId: booking.id,
    target: {
      date: booking.date,
      startMin: booking.startMin,
      ...(birthday && request.counts ? { counts: request.counts } : {}),
      ...(birthday && request.offerId !== null ? { offerId: request.offerId } : {}),
      priceAdjust: request.adjust,
      ...(extras ? { extras } : {}),
    },
    actor: { staffId: staff.id, label: `staff:${staff.email}` },
    pricing: "difference",
    alwaysQuote: true,
    confirmed: request.intent === "save",
    expectedPriceRappen: request.intent === "save" ? (request.expectedPriceRappen ?? -1) : undefined,
    money: request.money,
    staffCorrection: true,
    notify: request.notify,
  });
  if ("ok" in result) {
    const status = result.reason === "invalid" ? 400 : result.reason === "missing" ? 404 : 409;
    return { ok: false, status, message: result.message };
  }
  if (result.kind === "quote") return { ok: true, kind: "quote", quote: result.quote, message: result.message };
  if (result.kind === "changed") {
    return { ok: true, kind: "corrected", booking: result.reservation, refund: result.refund, voucherCode: result.voucherCode ?? null };
  }
  // Staff changes never start a payment here (changeBooking refuses without a return page).
  return { ok: false, status: 409, message: CHANGE_MSG.staffNoOnlineIncrease };
}
