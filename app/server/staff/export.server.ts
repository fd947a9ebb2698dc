import { guestBrief, guestRowsOfMany, type GuestBrief } from "../guests/invitations.server";
import { hasHeadcount } from "~/domain/headcount";
import { stringify } from "csv-stringify/sync";
import { extrasText, sumExtras } from "~/domain/extras";
import { extrasOfMany } from "../booking/extras.server";
import { and, asc, gte, inArray, lte } from "drizzle-orm";
import { ARRIVAL_LABELS, openAmountRappen } from "~/domain/desk";
import { csvAmount, datesOf, spreadsheetSafe } from "~/domain/export";
import { reservationTypeLabel } from "~/domain/reservation-types";
import { bookingStatusLabel, PAYMENT_LABELS } from "~/domain/staff-labels";
import { formatDateDE, formatTime } from "~/domain/time";
import type { Db, Executor } from "../platform/db.server";
import { auditLog, birthdayTables, gameLocations, reservationNotes, reservations } from "../platform/schema";
import type { Reservation } from "../booking/bookings.server";
import { listedAsBooking } from "../booking/reschedule.server";
import type { DeskActor } from "./booking-desk.server";
import { csvPhone, displayPhone } from "~/domain/phone";
import { birthdayChildText, isBirthdayParty } from "~/domain/party-details";
import { partyDetailsOf } from "../booking/party.server";

/** Bookings of a date range for the export and the day list: held, confirmed and cancelled (expired holds never became bookings). */
async function bookingsOf(db: Executor, from: string, to: string, statuses: Reservation["status"][]) {
  const [rows, tables, locations] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(and(gte(reservations.date, from), lte(reservations.date, to), inArray(reservations.status, statuses), listedAsBooking))
      .orderBy(asc(reservations.date), asc(reservations.startMin), asc(reservations.id)),
    db.select().from(birthdayTables).orderBy(asc(birthdayTables.id)),
    db.select().from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
  ]);
  const ids = rows.map((r) => r.id);
  const notes = ids.length
    ? await db.select().from(reservationNotes).where(inArray(reservationNotes.reservationId, ids)).orderBy(asc(reservationNotes.id))
    : [];
  const notesOf = new Map<number, string[]>();
  for (const n of notes) notesOf.set(n.reservationId, [...(notesOf.get(n.reservationId) ?? []), n.text]);
  const extrasOf = await extrasOfMany(db, ids);
  return { rows, tables, locations, notesOf, extrasOf };
}

export const CSV_HEADER = [
  "Buchungscode",
  "Datum",
  "Beginn",
  "Ende",
  "Art",
  "System",
  "Tisch/Spielort",
  "Paket/Spiel",
  "Kinder",
  "Erwachsene spielend",
  "Erwachsene begleitend",
  "Spieler",
  "Runden",
  "Vorname",
  "Nachname",
  "Strasse",
  "PLZ",
  "Ort",
  "Telefon",
  "E-Mail",
  "Nachricht",
  "Geburtstagskind",
  "Alter",
  "Allergien/Hinweise",
  "Zusatzleistungen",
  "Schlusszahl bestätigt am",
  "Status",
  "Zahlung",
  "Preis CHF",
  "Gutschein",
  "Gutschein CHF",
  "Betrag CHF",
  "Vor Ort bezahlt CHF",
  "Offen CHF",
  "Ankunft",
  "Kanal",
  "Interne Notizen",
  "Gebucht am",
] as const;

/**
 * The bookings of a date range as CSV for Swiss Excel: UTF-8 with BOM, `;` between cells, CRLF
 * between rows, every text cell defused against formulas (csv-stringify does the quoting). The
 * export is recorded in the audit log: who took which personal data when.
 */
export async function bookingsCsv(db: Db, range: { from: string; to: string }, actor: DeskActor): Promise<{ csv: string; rows: number }> {
  const { rows, tables, locations, notesOf, extrasOf } = await bookingsOf(db, range.from, range.to, ["held", "confirmed", "cancelled"]);
  const tableName = new Map(tables.map((t) => [t.id, t.name]));
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  const text = (v: string | null | undefined) => spreadsheetSafe(v ?? "");
  const records = rows.map((r) => {
    const game = r.locationId !== null;
    return [
      text(r.code),
      formatDateDE(r.date),
      formatTime(r.startMin),
      formatTime(r.endMin),
      game ? "Spiel" : "Geburtstag",
      text(reservationTypeLabel(r.type)),
      text(game ? locationName.get(r.locationId!) : r.tableId !== null ? tableName.get(r.tableId) : ""),
      text(r.offerName),
      game ? "" : String(r.numChildren),
      game ? "" : String(r.numActiveAdults),
      game ? "" : String(r.numAccompanyingAdults),
      game ? String(r.players ?? "") : "",
      game ? String(r.rounds ?? "") : "",
      text(r.firstName),
      text(r.lastName),
      text(r.street),
      text(r.zip),
      text(r.city),
      csvPhone(r.phone),
      text(r.email),
      text(r.message),
      text(r.partyChildName),
      r.partyChildAge === null ? "" : String(r.partyChildAge),
      text(r.partyNotes),
      text(extrasText(extrasOf.get(r.id) ?? [])),
      // The final headcount (issue #30 §4): when the family confirmed it; empty while open (and for games).
      r.headcountConfirmedAt ? r.headcountConfirmedAt.toLocaleString("de-CH", { timeZone: "Europe/Zurich" }) : "",
      bookingStatusLabel(r),
      PAYMENT_LABELS[r.paymentStatus] ?? r.paymentStatus,
      csvAmount(r.priceRappen),
      text(r.voucherCode),
      csvAmount(r.discountRappen),
      csvAmount(r.amountRappen),
      csvAmount(r.paidAtVenueRappen),
      csvAmount(openAmountRappen(r)),
      r.arrival ? (ARRIVAL_LABELS[r.arrival] ?? r.arrival) : "",
      r.channel === "phone" ? "Telefon" : "online",
      text((notesOf.get(r.id) ?? []).join("\n")),
      r.createdAt.toLocaleString("de-CH", { timeZone: "Europe/Zurich" }),
    ];
  });
  const csv = stringify([[...CSV_HEADER], ...records], { delimiter: ";", bom: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
  await db.insert(auditLog).values({
    staffId: actor.id,
    actor: `staff:${actor.email}`,
    action: "export-csv",
    details: { from: range.from, to: range.to, rows: rows.length },
  });
  return { csv, rows: rows.length };
}

export type DayListBooking = {
  code: string;
  startMin: number;
  endMin: number;
  name: string;
  phone: string;
  persons: string;
  offerName: string;
  status: string;
  message: string | null;
  /** The birthday child («Lena, wird 7») and allergies (issue #30 §1), when given. */
  child: string | null;
  allergies: string | null;
  /** «Geburtstagstorte 1×; Menü: Pizza Margherita 4×» (issue #30 §2), or null. */
  extras: string | null;
  notes: string[];
  openRappen: number;
};
export type DayListGroup = { key: string; name: string; bookings: DayListBooking[] };
export type DayListDay = { date: string; groups: DayListGroup[]; count: number };

/** The printable day list: per day, every table and game location with its bookings in time order (cancelled ones left out). */
export async function dayList(db: Executor, range: { from: string; to: string }): Promise<DayListDay[]> {
  const { rows, tables, locations, notesOf, extrasOf } = await bookingsOf(db, range.from, range.to, ["held", "confirmed"]);
  const toBooking = (r: Reservation): DayListBooking => ({
    code: r.code,
    startMin: r.startMin,
    endMin: r.endMin,
    name: `${r.firstName} ${r.lastName}`,
    phone: displayPhone(r.phone),
    persons:
      r.locationId !== null
        ? `${r.players ?? 0} Spieler, ${r.rounds ?? 0} Runde${r.rounds === 1 ? "" : "n"}`
        : `${r.numChildren} Kinder, ${r.numActiveAdults} Erw. spielend, ${r.numAccompanyingAdults} Erw. begleitend`,
    offerName: r.offerName,
    status: r.status,
    message: r.message,
    child: birthdayChildText(partyDetailsOf(r)),
    allergies: r.partyNotes,
    extras: extrasText(extrasOf.get(r.id) ?? []) || null,
    notes: notesOf.get(r.id) ?? [],
    openRappen: openAmountRappen(r),
  });
  return datesOf(range.from, range.to).map((date) => {
    const ofDay = rows.filter((r) => r.date === date);
    const groups: DayListGroup[] = [
      ...tables.map((t) => ({ key: `table-${t.id}`, name: `${t.name} (${t.seats} Plätze)`, bookings: ofDay.filter((r) => r.tableId === t.id).map(toBooking) })),
      ...locations.map((l) => ({ key: `location-${l.id}`, name: l.name, bookings: ofDay.filter((r) => r.locationId === l.id).map(toBooking) })),
    ].filter((g) => g.bookings.length > 0);
    return { date, groups, count: ofDay.length };
  });
}

export type PrepParty = {
  code: string;
  startMin: number;
  endMin: number;
  /** The table or game location. */
  place: string;
  offerName: string;
  /** «Lena, wird 7», or null when the family has not said. */
  child: string | null;
  children: number;
  adults: number;
  allergies: string | null;
  /** The extras ordered (issue #30 §2), each with its count: «Menü: Hot Dog» 4. */
  extras: { label: string; quantity: number }[];
  message: string | null;
  notes: string[];
  /** The host's name and phone, for a question on the day. */
  contact: string;
  phone: string;
  openRappen: number;
  status: string;
  /** A table birthday's final headcount (issue #30 §4): confirmed by the family, or still open; null for a game. */
  headcountConfirmed: boolean | null;
  /** Guests' answers (issue #32 §3), when the family invited through the site. */
  guests: GuestBrief | null;
};
export type PrepSheet = {
  date: string;
  parties: PrepParty[];
  totals: { parties: number; children: number; adults: number; withAllergies: number };
  /** The kitchen's sums over the day: each extra and meal choice with its count. */
  extras: { label: string; quantity: number }[];
};

/**
 * The kitchen's and hosts' sheet of a day (issue #30 §5): every birthday (tables and the games'
 * birthday package) in time order with its place, the birthday child, the counts, allergies, the
 * family's message, staff notes and what is still to be paid; totals on top. Held phone bookings
 * are listed too (marked), since the caller may still pay.
 */
export async function prepSheet(db: Executor, date: string): Promise<PrepSheet> {
  const { rows, tables, locations, notesOf, extrasOf } = await bookingsOf(db, date, date, ["held", "confirmed"]);
  const tableName = new Map(tables.map((t) => [t.id, t.name]));
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  // A held difference row (a change waiting for its payment) is not a second party: the kitchen counts the booking.
  const birthdays = rows.filter((r) => isBirthdayParty(r) && r.movesReservationId === null);
  // Guests' answers (issue #32 §3): allergies per child and who may not be photographed.
  const guests = await guestRowsOfMany(db, birthdays);
  const parties = birthdays.map((r): PrepParty => {
    const game = r.locationId !== null;
    const guestRows = guests.get(r.id);
    return {
      code: r.code,
      startMin: r.startMin,
      endMin: r.endMin,
      place: (game ? locationName.get(r.locationId!) : r.tableId !== null ? tableName.get(r.tableId) : null) ?? "–",
      offerName: r.offerName,
      child: birthdayChildText(partyDetailsOf(r)),
      // A game's birthday package counts its players as children.
      children: game ? (r.players ?? 0) : r.numChildren,
      adults: game ? 0 : r.numActiveAdults + r.numAccompanyingAdults,
      allergies: r.partyNotes,
      extras: sumExtras([extrasOf.get(r.id) ?? []]),
      message: r.message,
      notes: notesOf.get(r.id) ?? [],
      contact: `${r.firstName} ${r.lastName}`,
      phone: displayPhone(r.phone),
      openRappen: openAmountRappen(r),
      status: r.status,
      headcountConfirmed: hasHeadcount(r) ? r.headcountConfirmedAt !== null : null,
      guests: guestRows ? guestBrief(guestRows) : null,
    };
  });
  return {
    date,
    parties,
    totals: {
      parties: parties.length,
      children: parties.reduce((n, p) => n + p.children, 0),
      adults: parties.reduce((n, p) => n + p.adults, 0),
      withAllergies: parties.filter((p) => p.allergies !== null || (p.guests?.allergies.length ?? 0) > 0).length,
    },
    extras: sumExtras(birthdays.map((r) => extrasOf.get(r.id) ?? [])),
  };
}
