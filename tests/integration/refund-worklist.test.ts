import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseSearch, type SearchFilters } from "~/domain/booking-search";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { auditLog, payments, reservations } from "~/server/platform/schema";
import { bookingDetail, markRefundDone, REFUND_MSG, searchBookings } from "~/server/staff/booking-desk.server";
import { cancelReservation } from "~/server/staff/cancellation.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const HMAC_KEY = "ffeeddccbbaa99887766554433221100";
const datatrans = useFakeDatatrans({ label: "refunds", hmacKey: HMAC_KEY, env: { PUBLIC_URL: "https://buchung.funworld.test" } });

afterEach(() => {
  datatrans.fake.setDown(false);
  datatrans.fake.setCreditRefusal(null);
  vi.restoreAllMocks();
});

function filters(query: Record<string, string>): SearchFilters {
  const parsed = parseSearch(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filters;
}

describe.each(drivers)("refund worklist on $name", ({ open }) => {
  let database: TestDatabase;
  let staff: { id: number; email: string };
  let start = 600;
  const date = nextWeekday(0);
  beforeAll(async () => {
    database = await open();
    staff = await createStaffAccount(database.db, "kasse@funworld.ch", "kasse-passwort-1");
  });
  afterAll(async () => {
    await database?.close();
  });

  async function paid() {
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: start, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 1 }, contact: CONTACT },
      { holdMinutes: 15 },
    );
    start += 60;
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("no payment");
    const trx = started.paymentUrl.split("/").at(-1)!;
    await datatrans.fake.pay(trx, "settled");
    await confirmPayment(database.db, trx);
    return { code: held.reservation.code, id: held.reservation.id, trx };
  }

  it("lists refunds the provider refused, and staff mark them done once, audited with before and after", async () => {
    const refused = await paid();
    const fine = await paid();
    datatrans.fake.setCreditRefusal("DECLINED");
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await cancelReservation(database.db, { code: refused.code, reason: null, actor: { staffId: null, name: "api-token" } })).body.refund).toBe("manual");
    datatrans.fake.setCreditRefusal(null);

    const worklist = await searchBookings(database.db, filters({ payment: "refund_pending" }));
    expect(worklist.rows.map((r) => r.code)).toEqual([refused.code]);
    expect(worklist.rows[0]).toMatchObject({ paymentStatus: "refund_pending", refundOpen: true });
    expect((await searchBookings(database.db, filters({ payment: "settled" }))).rows.map((r) => r.code)).toContain(fine.code);
    expect((await bookingDetail(database.db, refused.code))?.refundOpen).toBe(true);
    expect((await bookingDetail(database.db, fine.code))?.refundOpen).toBe(false);

    expect(await markRefundDone(database.db, { code: refused.code, note: "x".repeat(201) }, staff)).toEqual({ ok: false, status: 400, message: REFUND_MSG.noteTooLong });
    expect(await markRefundDone(database.db, { code: fine.code }, staff)).toEqual({ ok: false, status: 409, message: REFUND_MSG.none });
    const twice = await Promise.all([
      markRefundDone(database.db, { code: refused.code.toLowerCase(), note: " Überweisung 3.5. " }, staff),
      markRefundDone(database.db, { code: refused.code, note: "" }, staff),
    ]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, refused.id));
    expect(r!.paymentStatus).toBe("refunded");
    expect((await database.db.select().from(payments).where(eq(payments.reservationId, refused.id))).map((p) => p.status)).toEqual(["refunded"]);
    const audit = (await database.db.select().from(auditLog).where(eq(auditLog.reservationId, refused.id))).filter((a) => a.action === "refund-manual-done");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: staff.id,
      actor: "staff:kasse@funworld.ch",
      details: {
        before: { paymentStatus: "refund_pending", payments: [{ transactionId: refused.trx, status: "refund_pending" }] },
        after: { paymentStatus: "refunded", payments: [{ transactionId: refused.trx, status: "refunded" }] },
      },
    });
    expect(["Überweisung 3.5.", null]).toContain((audit[0]!.details as { note: string | null }).note);
    expect((await searchBookings(database.db, filters({ payment: "refund_pending" }))).rows).toEqual([]);
  });

  it("also lists a paid booking whose second payment could not be refunded; marking it done keeps the booking paid", async () => {
    const booking = await paid();
    // A second payment of the same booking (a payment link used twice), its refund refused.
    const [first] = await database.db.select().from(payments).where(eq(payments.reservationId, booking.id));
    await database.db.insert(payments).values({ ...first!, id: undefined, transactionId: `${booking.trx}-2`, status: "refund_pending" });
    const worklist = await searchBookings(database.db, filters({ payment: "refund_pending" }));
    expect(worklist.rows.map((r) => [r.code, r.paymentStatus, r.refundOpen])).toEqual([[booking.code, "settled", true]]);
    expect((await markRefundDone(database.db, { code: booking.code }, staff)).ok).toBe(true);
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, booking.id));
    expect(r!.paymentStatus).toBe("settled");
    expect((await database.db.select().from(payments).where(eq(payments.reservationId, booking.id))).map((p) => p.status).sort()).toEqual(["refunded", "settled"]);
  });
});
