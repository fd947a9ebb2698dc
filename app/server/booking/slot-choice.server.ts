import { MSG } from "~/domain/messages";
import { personCount, type PartyCounts } from "~/domain/pricing";
import { beyondHorizon, horizonMessage } from "~/domain/horizon";
import { formatTime, venueNow } from "~/domain/time";
import { getEnv } from "../platform/env.server";
import { availableBirthdaySlots } from "./availability.server";
import { findOffer } from "./venue.server";
import { PARTY_MSG, partyRuleIssue } from "~/domain/party-rules";
import { findReservationByCode } from "./bookings.server";
import type { Db } from "../platform/db.server";

/** A refusal with a number (`error` is its German wording): the page words it in its language. */
export type SlotChoiceIssue = { key: keyof typeof PARTY_MSG | "beyondHorizon"; n: number };

export type SlotChoice = { date: string | null; counts: PartyCounts; startMin: number | null };

/** Checks a family's slot choice against current availability; the browser's word is not enough. */
export async function checkSlotChoice(
  db: Db,
  offerId: number,
  choice: SlotChoice,
): Promise<{ ok: true; date: string; startMin: number; endMin: number } | { ok: false; error: string; issue?: SlotChoiceIssue }> {
  if (!choice.date) return { ok: false, error: MSG.chooseDateAndSlot };
  if (personCount(choice.counts) < 1) return { ok: false, error: MSG.choosePersons };
  const offer = await findOffer(db, offerId);
  const outsideRules = offer ? partyRuleIssue(offer, choice.counts) : null;
  if (outsideRules) return { ok: false, error: PARTY_MSG[outsideRules.key](outsideRules.n), issue: outsideRules };
  if (choice.startMin === null) return { ok: false, error: MSG.chooseSlot };
  // Refused here, at the slot step, not only when the booking is saved after all contact data was typed.
  const horizon = getEnv().BOOKING_HORIZON_DAYS;
  if (beyondHorizon(choice.date, venueNow().date, horizon)) return { ok: false, error: horizonMessage(horizon), issue: { key: "beyondHorizon", n: horizon } };
  const slots = await availableBirthdaySlots(db, { date: choice.date, persons: personCount(choice.counts), offerId });
  const slot = slots.find((s) => s.startTime === formatTime(choice.startMin!));
  if (!slot) return { ok: false, error: MSG.chooseSlot };
  if (!slot.available) return { ok: false, error: MSG.slotGone };
  const [h, m] = slot.endTime.split(":").map(Number);
  return { ok: true, date: choice.date, startMin: choice.startMin, endMin: h! * 60 + m! };
}

/**
 * A new slot choice starts a new booking. The draft remembers the booking this browser made last, and
 * /enter-data shows that booking instead of starting another when it is already confirmed (an old tab
 * submitted again); after a confirmed booking the family may well book again, so the choice forgets a
 * confirmed one. A held or given-up booking stays: its contact data are offered again.
 */
export async function bookingCodeForNewChoice(db: Db, code: string | undefined): Promise<string | undefined> {
  if (!code) return undefined;
  const booking = await findReservationByCode(db, code);
  return booking?.status === "confirmed" ? undefined : code;
}
