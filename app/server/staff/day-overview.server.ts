import { extrasText } from "~/domain/extras";
import { extrasOfMany } from "../booking/extras.server";
import { and, asc, eq, inArray } from "drizzle-orm";
import { birthdayChildText } from "~/domain/party-details";
import { openAmountRappen } from "~/domain/desk";
import { listedAsBooking } from "../booking/reschedule.server";
import type { Db } from "../platform/db.server";
import { birthdayTables, gameLocations, payments, reservations } from "../platform/schema";
import { displayPhone } from "~/domain/phone";
import { rulesOn } from "~/domain/availability";
import { buildTimeline, type Timeline } from "~/domain/timeline";
import { weekdayOf } from "~/domain/time";
import { closureOn } from "~/domain/venue-settings";
import { getVenue } from "../booking/venue.server";

export type DayBooking = {
  code: string;
  type: string;
  startMin: number;
  endMin: number;
  name: string;
  phone: string;
  persons: number;
  offerName: string;
  status: string;
  paymentStatus: string;
  amountRappen: number;
  message: string | null;
  /** The birthday child («Lena, wird 7») and allergies (issue #30 §1), when given. */
  child: string | null;
  allergies: string | null;
  /** The extras ordered (issue #30 §2): «Menü: Hot Dog 4×; Geburtstagstorte 1×», or null. */
  extras: string | null;
  arrival: string | null;
  paidAtVenueRappen: number;
  openRappen: number;
};

export type DayColumn = { key: string; name: string; capacityLabel: string; bookings: DayBooking[] };

/**
 * Who is where on a date: every birthday table and game location with its bookings (cancelled ones
 * too, so staff see them).
 */
export async function dayOverview(db: Db, date: string): Promise<DayColumn[]> {
  const [tables, locations, rows] = await Promise.all([
    db.select().from(birthdayTables).orderBy(asc(birthdayTables.id)),
    db.select().from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, date), inArray(reservations.status, ["held", "confirmed", "cancelled"]), listedAsBooking))
      .orderBy(asc(reservations.startMin), asc(reservations.id)),
  ]);
  const ids = rows.map((r) => r.id);
  const refundStates = ids.length
    ? await db.select({ reservationId: payments.reservationId, status: payments.status }).from(payments).where(inArray(payments.reservationId, ids))
    : [];
  const extrasOf = await extrasOfMany(db, ids);
  const toBooking = (r: (typeof rows)[number]): DayBooking => ({
    code: r.code,
    type: r.type,
    startMin: r.startMin,
    endMin: r.endMin,
    name: `${r.firstName} ${r.lastName}`,
    phone: displayPhone(r.phone),
    persons: r.players ?? r.numChildren + r.numActiveAdults + r.numAccompanyingAdults,
    offerName: r.offerName,
    status: r.status,
    paymentStatus: refundStates.some((p) => p.reservationId === r.id && p.status === "refund_pending") ? "refund_pending" : r.paymentStatus,
    amountRappen: r.amountRappen,
    message: r.message,
    child: birthdayChildText({ childName: r.partyChildName, childAge: r.partyChildAge }),
    allergies: r.partyNotes,
    extras: extrasText(extrasOf.get(r.id) ?? []) || null,
    arrival: r.arrival,
    paidAtVenueRappen: r.paidAtVenueRappen,
    openRappen: openAmountRappen(r),
  });
  return [
    ...tables.map((t) => ({
      key: `table-${t.id}`,
      name: t.name,
      capacityLabel: `${t.seats} Plätze`,
      bookings: rows.filter((r) => r.tableId === t.id).map(toBooking),
    })),
    ...locations.map((l) => ({
      key: `location-${l.id}`,
      name: l.name,
      capacityLabel: `bis ${l.capacity} Spieler`,
      bookings: rows.filter((r) => r.locationId === l.id).map(toBooking),
    })),
  ];
}

/**
 * The day as a timeline (issue #29 §6): the day overview's rows, each with its opening hours that
 * day (birthdays for tables, games for locations; special hours win) and a closure that meets it,
 * so bookings outside the hours or on a closure are flagged.
 */
export async function dayTimeline(db: Db, date: string): Promise<Timeline> {
  const [columns, venue] = await Promise.all([dayOverview(db, date), getVenue(db)]);
  const rule = rulesOn(venue.rules, venue.specialHours, date).find((r) => r.weekday === weekdayOf(date));
  return buildTimeline(
    columns.map((c) => {
      const locationId = c.key.startsWith("location-") ? Number(c.key.slice("location-".length)) : null;
      const open = rule && (locationId === null ? rule.birthdays : rule.games) ? { openMin: rule.openMin, closeMin: rule.closeMin } : null;
      const closure = closureOn(venue.closures, date, locationId === null ? { kind: "birthday" } : { kind: "game", locationId });
      return {
        key: c.key,
        name: c.name,
        capacityLabel: c.capacityLabel,
        hours: open,
        closure: closure?.reason ?? null,
        bookings: c.bookings.map((b) => ({ code: b.code, name: b.name, persons: b.persons, status: b.status, startMin: b.startMin, endMin: b.endMin, offerName: b.offerName })),
      };
    }),
  );
}
