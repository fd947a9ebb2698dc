import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellText, parseReportQuery, type ReportQuery } from "~/domain/reports";
import { vatIncluded } from "~/domain/receipts";
import { addDays, venueNow, venueToUtc } from "~/domain/time";
import { syncReceipts } from "~/server/accounting/receipts.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { reservations } from "~/server/platform/schema";
import { reportCsv, reportsOf } from "~/server/staff/reports.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * The manager's reports (issue #31 §5) on both databases, on a database of their own: known
 * bookings and documents in, the tables' numbers and the CSV out.
 */

const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };

describe.each(drivers)("reports on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("revenue, methods, offers, MWST, vouchers, open amounts, occupancy, rates and lead time add up", async () => {
    const db = database.db;
    const today = venueNow().date;
    const date = nextWeekday(6, new Date(Date.now() + 7 * 86_400_000));
    const book = async (startMin: number) => {
      const r = await reserveBirthday(db, { offerId: 1, date, startMin, counts: COUNTS, contact: CONTACT }, { holdMinutes: 15, channel: "phone", payAtVenue: true });
      if (!r.ok) throw new Error(r.message);
      return r.reservation;
    };
    const a = await book(10 * 60);
    const b = await book(14 * 60);
    const c = await book(10 * 60);
    // a paid in full at the venue, b in part (its rest open), c cancelled.
    await db.update(reservations).set({ paidAtVenueRappen: a.amountRappen }).where(eq(reservations.id, a.id));
    await db.update(reservations).set({ paidAtVenueRappen: 10_000 }).where(eq(reservations.id, b.id));
    await db.update(reservations).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(reservations.id, c.id));
    const issuedAt = venueToUtc(today, 12 * 60);
    await syncReceipts(db, a.id, issuedAt);
    await syncReceipts(db, b.id, issuedAt);
    // A correction of b's venue total down: a credit note.
    await db.update(reservations).set({ paidAtVenueRappen: 8_000 }).where(eq(reservations.id, b.id));
    await syncReceipts(db, b.id, issuedAt);
    await createVoucher(db, { amountRappen: 5_000 });

    const parsed = parseReportQuery(new URLSearchParams({ from: addDays(today, -1), to: date, gruppe: "month" }));
    expect(parsed.ok).toBe(true);
    const query = (parsed as { query: ReportQuery }).query;
    const reports = await reportsOf(db, query);
    const table = (id: string) => reports.find((r) => r.table.id === id)!;
    const rows = (id: string) => table(id).table.rows.map((row) => row.map(cellText));
    const money = a.amountRappen + 10_000;
    const chf = (rappen: number) => `CHF ${new Intl.NumberFormat("de-CH", { minimumFractionDigits: 2 }).format(rappen / 100)}`;

    expect(rows("umsatz").at(-1)).toEqual(["Total", chf(money), chf(2_000), chf(money - 2_000)]);
    expect(table("umsatz").chart!.values.reduce((s, v) => s + v, 0)).toBe(money - 2_000);
    expect(rows("zahlungsarten")).toContainEqual(["Am Empfang", chf(money - 2_000)]);
    expect(rows("angebote")).toEqual([[a.offerName, chf(money - 2_000)]]);
    // MWST: per document, rounded to the Rappen, summed.
    const vat = vatIncluded(a.amountRappen, 810) + vatIncluded(10_000, 810) - vatIncluded(2_000, 810);
    expect(rows("mwst")).toContainEqual(["8.1 %", chf(money - 2_000), chf(vat), chf(money - 2_000 - vat)]);
    expect(rows("gutscheine")[0]).toEqual(["Gültig (noch einzulösen)", expect.any(String), expect.any(String)]);
    expect(Number(rows("gutscheine")[0]![1])).toBeGreaterThanOrEqual(1);
    expect(rows("offen")).toContainEqual([b.code, expect.any(String), "Muster", chf(b.amountRappen - 8_000)]);
    // Occupancy: a and b on a Saturday at 10 and 14 (c is cancelled).
    const saturday = rows("auslastung").find((r) => r[0] === "Samstag")!;
    const header = table("auslastung").table.header;
    expect(saturday[header.indexOf("10:00")]).toBe("1");
    expect(saturday[header.indexOf("14:00")]).toBe("1");
    expect(saturday.at(-1)).toBe("2");
    expect(rows("quoten")).toContainEqual(["Storniert", "1", "33.3 %"]);
    expect(rows("vorlauf")).toContainEqual(["7–29 Tage", "3", "100.0 %"]);

    const csv = await reportCsv(db, query, "mwst");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const records = parse(csv.slice(1), { delimiter: ";" }) as string[][];
    expect(records[0]).toEqual(["Satz", "Umsatz inkl. MWST", "MWST", "Umsatz ohne MWST"]);
    expect(records).toContainEqual(["8.1 %", ((money - 2_000) / 100).toFixed(2), (vat / 100).toFixed(2), ((money - 2_000 - vat) / 100).toFixed(2)]);
  });

  it("a bad period is explained; without one, the current month so far", () => {
    const bad = parseReportQuery(new URLSearchParams({ from: "2026-12-31", to: "2026-01-01" }));
    expect(bad).toMatchObject({ ok: false, errors: { to: "Das Datum «bis» darf nicht vor dem Datum «von» liegen." } });
    const long = parseReportQuery(new URLSearchParams({ from: "2025-01-01", to: "2026-12-31" }));
    expect(long).toMatchObject({ ok: false, errors: { to: "Höchstens 366 Tage auf einmal." } });
    const now = new Date("2026-11-29T10:00:00Z");
    expect(parseReportQuery(new URLSearchParams(), now)).toEqual({ ok: true, query: { from: "2026-11-01", to: "2026-11-29", group: "day" } });
    expect(parseReportQuery(new URLSearchParams({ from: "2026-01-01", to: "2026-11-29" }), now)).toMatchObject({ ok: true, query: { group: "month" } });
  });
});
