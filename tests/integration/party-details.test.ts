import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { and, asc, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditSentence } from "~/domain/audit-text";
import { PARTY_MSG, type PartyDetails } from "~/domain/party-details";
import { venueToUtc } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { reserveGame } from "~/server/booking/games.server";
import { familyMayEditParty, updatePartyDetails } from "~/server/booking/party.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { auditLog, reservations } from "~/server/platform/schema";
import { bookingDetail, partyDetailsByStaff } from "~/server/staff/booking-desk.server";
import { bookingsCsv, dayList, prepSheet } from "~/server/staff/export.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * The party's details (issue #30 §1 and §5): the birthday child and allergies stored with the
 * booking (tables and the games' birthday package, not a normal game), edited by the family until
 * the party begins and by staff any time, audited as sentences, in the confirmation e-mail, the
 * day list, the CSV and the day's prep sheet. On both databases.
 */

const PIXEL = 3;
const NO_NAMES = { tables: {}, locations: {} };
const LENA: PartyDetails = { childName: "Lena", childAge: 7, notes: "Nussallergie (Mia)\nEin Kind vegetarisch" };

describe.each(drivers)("party details on $name", ({ open }) => {
  let database: TestDatabase;
  let staff: { id: number; email: string };
  let week = 0;
  beforeAll(async () => {
    database = await open();
    staff = await createStaffAccount(database.db, "lea@funworld.ch", "lea-password-1", "staff");
  });
  afterAll(async () => {
    await database?.close();
  });

  function nextSunday() {
    week += 1;
    return nextWeekday(0, new Date(Date.now() + week * 7 * 86400_000));
  }

  async function party(date: string, startMin: number, details?: PartyDetails, email = "anna@example.ch"): Promise<Reservation> {
    const r = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin, counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 2 }, contact: { ...CONTACT, email }, party: details },
      { holdMinutes: 15, payAtVenue: true },
    );
    if (!r.ok) throw new Error(r.message);
    return r.reservation;
  }

  async function reload(id: number): Promise<Reservation> {
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, id));
    return r!;
  }

  it("stores the details with a birthday and the games' birthday package, never with a normal game", async () => {
    const date = nextSunday();
    const r = await party(date, 600, LENA);
    expect(r).toMatchObject({ partyChildName: "Lena", partyChildAge: 7, partyNotes: LENA.notes });
    const none = await party(date, 720);
    expect(none).toMatchObject({ partyChildName: null, partyChildAge: null, partyNotes: null });

    const game = { locationId: PIXEL, date, rounds: 3, players: 6, contact: CONTACT, party: LENA };
    const pkg = await reserveGame(database.db, { ...game, gameType: 2, startMin: 840 }, { holdMinutes: 15 });
    expect(pkg.ok && pkg.reservation).toMatchObject({ partyChildName: "Lena", partyChildAge: 7 });
    const normal = await reserveGame(database.db, { ...game, gameType: 1, startMin: 960, rounds: 2 }, { holdMinutes: 15 });
    expect(normal.ok && normal.reservation).toMatchObject({ partyChildName: null, partyChildAge: null, partyNotes: null });
    // The database refuses an age out of range whatever the caller.
    await expect(database.db.update(reservations).set({ partyChildAge: 40 }).where(eq(reservations.id, r.id))).rejects.toThrow();
  });

  it("the family edits until the party begins, staff any time; each change is one audit sentence, an unchanged save none", async () => {
    const date = nextSunday();
    const r = await party(date, 600);
    const edit = (details: PartyDetails, now?: Date) => updatePartyDetails(database.db, { reservationId: r.id, details, actor: CUSTOMER_ACTOR, byStaff: false }, now);

    expect(await edit(LENA)).toEqual({ ok: true, changed: true });
    expect(await reload(r.id)).toMatchObject({ partyChildName: "Lena", partyChildAge: 7, partyNotes: LENA.notes });
    expect(await edit(LENA)).toEqual({ ok: true, changed: false });
    expect(await edit({ ...LENA, childAge: 8 })).toEqual({ ok: true, changed: true });

    const rows = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, r.id), eq(auditLog.action, "party-details"))).orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(2);
    expect(auditSentence(rows[0]!, NO_NAMES)).toBe(
      "Die Familie (Buchung verwalten) hat die Angaben zur Party geändert: Geburtstagskind «–» → «Lena», Alter «–» → «7», Allergien/Hinweise «–» → «Nussallergie (Mia)\nEin Kind vegetarisch».",
    );
    expect(auditSentence(rows[1]!, NO_NAMES)).toBe("Die Familie (Buchung verwalten) hat die Angaben zur Party geändert: Alter «7» → «8».");

    // Once the party has begun the family's link only shows them; staff still correct them.
    const begun = new Date(venueToUtc(date, 600).getTime() + 60_000);
    expect(familyMayEditParty(await reload(r.id), begun)).toBe(false);
    expect(await edit({ ...LENA, childAge: 9 }, begun)).toEqual({ ok: false, status: 409, message: PARTY_MSG.closed });
    expect(await partyDetailsByStaff(database.db, r.code, { ...LENA, childAge: 8, notes: null }, staff, begun)).toEqual({ ok: true, changed: true });
    expect(await reload(r.id)).toMatchObject({ partyChildAge: 8, partyNotes: null });
    const detail = await bookingDetail(database.db, r.code);
    // The final headcount's state follows (issue #30 §4): this party never confirmed it, and its deadline is past.
    expect(detail!.party).toMatchObject({ rows: [["Geburtstagskind", "Lena, wird 8"], ["Schlusszahl", expect.stringMatching(/^(nicht bestätigt \(Frist .+ vorbei\)|offen, Frist: .+)$/)]], editable: true });
    expect(detail!.audit.at(-1)!.text).toBe(
      "lea@funworld.ch hat die Angaben zur Party geändert: Allergien/Hinweise «Nussallergie (Mia)\nEin Kind vegetarisch» → «–».",
    );

    // A cancelled booking keeps its details but takes no more changes.
    expect(await cancelBooking(database.db, { where: { code: r.code }, reason: "Test", actor: { staffId: staff.id, label: `staff:${staff.email}` }, creditVoucher: false })).toMatchObject({ kind: "cancelled" });
    expect(await edit(LENA)).toMatchObject({ ok: false, status: 409, message: PARTY_MSG.notActive });
    expect(await partyDetailsByStaff(database.db, "FW-NOPE00", LENA, staff)).toMatchObject({ ok: false, status: 404 });
  });

  it("the confirmation e-mail, the day list, the CSV and the prep sheet carry the party", async () => {
    const date = nextSunday();
    const lena = await party(date, 840, LENA, "lena-party@example.ch");
    const early = await party(date, 600, { childName: "Tim", childAge: null, notes: null });
    await reserveGame(database.db, { locationId: PIXEL, date, rounds: 3, players: 5, contact: CONTACT, party: { childName: "Noah", childAge: 10, notes: null }, gameType: 2, startMin: 720 }, { holdMinutes: 15, payAtVenue: true });
    await reserveGame(database.db, { locationId: PIXEL, date, rounds: 2, players: 4, contact: CONTACT, gameType: 1, startMin: 960 }, { holdMinutes: 15, payAtVenue: true });

    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-party-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const file = (await readdir(path.join(dir, "outbox"))).find((f) => f.includes(lena.code))!;
      const mail = await simpleParser(await readFile(path.join(dir, "outbox", file)));
      expect(mail.text).toMatch(/Geburtstagskind:\s+Lena, wird 7/);
      expect(mail.text).toMatch(/Allergien \/ Hinweise:\s+Nussallergie \(Mia\); Ein Kind vegetarisch/);
      expect(mail.html).toContain("Lena, wird 7");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const [day] = await dayList(database.db, { from: date, to: date });
    const listed = day!.groups.flatMap((g) => g.bookings);
    expect(listed.find((b) => b.code === lena.code)).toMatchObject({ child: "Lena, wird 7", allergies: LENA.notes });
    expect(listed.find((b) => b.code === early.code)).toMatchObject({ child: "Tim", allergies: null });

    const { csv } = await bookingsCsv(database.db, { from: date, to: date }, staff);
    const records = parse(csv.replace(/^\uFEFF/, ""), { delimiter: ";" }) as string[][];
    const col = (name: string) => records[0]!.indexOf(name);
    const row = records.find((r) => r[0] === lena.code)!;
    expect([row[col("Geburtstagskind")], row[col("Alter")], row[col("Allergien/Hinweise")]]).toEqual(["Lena", "7", LENA.notes]);

    const sheet = await prepSheet(database.db, date);
    // Birthdays only (the normal game is no party), in time order.
    expect(sheet.parties.map((p) => [p.startMin, p.child])).toEqual([
      [600, "Tim"],
      [720, "Noah, wird 10"],
      [840, "Lena, wird 7"],
    ]);
    expect(sheet.parties[1]).toMatchObject({ place: "Pixel Games", children: 5, adults: 0 });
    expect(sheet.parties[2]).toMatchObject({ children: 6, adults: 3, allergies: LENA.notes, contact: "Anna Muster" });
    expect(sheet.totals).toEqual({ parties: 3, children: 17, adults: 6, withAllergies: 1 });
  });
});
