import { eq } from "drizzle-orm";
import { hasBegun } from "~/domain/availability";
import { isBirthdayParty, PARTY_MSG, partyChanges, type PartyDetails } from "~/domain/party-details";
import { venueNow } from "~/domain/time";
import type { Db } from "../platform/db.server";
import { auditLog, reservations } from "../platform/schema";
import type { Reservation } from "./bookings.server";
import type { AuditActor } from "./reschedule.server";

export type PartyUpdate = { ok: true; changed: boolean } | { ok: false; status: number; message: string };

export function partyDetailsOf(r: Pick<Reservation, "partyChildName" | "partyChildAge" | "partyNotes">): PartyDetails {
  return { childName: r.partyChildName, childAge: r.partyChildAge, notes: r.partyNotes };
}

/**
 * Whether the family may still edit its party details through the manage link: a confirmed birthday
 * until the party begins (the kitchen reads them on the day; afterwards only staff change them).
 */
export function familyMayEditParty(r: Reservation, now: Date = new Date()): boolean {
  return isBirthdayParty(r) && r.status === "confirmed" && !hasBegun(r.date, r.startMin, venueNow(now));
}

/**
 * Stores the birthday child and allergies of a booking (issue #30 §1), under the booking's row lock,
 * with an audit row saying what changed and who changed it. The family (manage link) may until the
 * party begins; staff any time while the booking is active (held for a phone caller, or confirmed).
 */
export async function updatePartyDetails(
  db: Db,
  input: { reservationId: number; details: PartyDetails; actor: AuditActor; byStaff: boolean },
  now: Date = new Date(),
): Promise<PartyUpdate> {
  return db.transaction(async (tx): Promise<PartyUpdate> => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (!r || !isBirthdayParty(r)) return { ok: false, status: 404, message: PARTY_MSG.notActive };
    const active = r.status === "confirmed" || (input.byStaff && r.status === "held");
    if (!active) return { ok: false, status: 409, message: PARTY_MSG.notActive };
    if (!input.byStaff && !familyMayEditParty(r, now)) return { ok: false, status: 409, message: PARTY_MSG.closed };
    const before = partyDetailsOf(r);
    const after = input.details;
    if (partyChanges(before, after).length === 0) return { ok: true, changed: false };
    await tx
      .update(reservations)
      .set({ partyChildName: after.childName, partyChildAge: after.childAge, partyNotes: after.notes, updatedAt: now })
      .where(eq(reservations.id, r.id));
    await tx.insert(auditLog).values({
      staffId: input.actor.staffId,
      actor: input.actor.label,
      action: "party-details",
      reservationId: r.id,
      details: { before, after },
    });
    return { ok: true, changed: true };
  });
}
