import { MSG } from "~/domain/messages";
import { personCount, type PartyCounts } from "~/domain/pricing";
import { formatTime } from "~/domain/time";
import { availableBirthdaySlots } from "./availability.server";
import type { Db } from "../platform/db.server";

export type SlotChoice = { date: string | null; counts: PartyCounts; startMin: number | null };

/** Checks a family's slot choice against current availability; the browser's word is not enough. */
export async function checkSlotChoice(
  db: Db,
  offerId: number,
  choice: SlotChoice,
): Promise<{ ok: true; date: string; startMin: number; endMin: number } | { ok: false; error: string }> {
  if (!choice.date) return { ok: false, error: MSG.chooseDateAndSlot };
  if (personCount(choice.counts) < 1) return { ok: false, error: MSG.choosePersons };
  if (choice.startMin === null) return { ok: false, error: MSG.chooseSlot };
  const slots = await availableBirthdaySlots(db, { date: choice.date, persons: personCount(choice.counts), offerId });
  const slot = slots.find((s) => s.startTime === formatTime(choice.startMin!));
  if (!slot) return { ok: false, error: MSG.chooseSlot };
  if (!slot.available) return { ok: false, error: MSG.slotGone };
  const [h, m] = slot.endTime.split(":").map(Number);
  return { ok: true, date: choice.date, startMin: choice.startMin, endMin: h! * 60 + m! };
}
