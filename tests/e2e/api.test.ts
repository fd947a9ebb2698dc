import { expect, test } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../../playwright.config";
import { futureWeekday } from "./helpers";

const contact = {
  firstName: "Beat",
  lastName: "Keller",
  street: "Seestrasse 5",
  zip: "8700",
  city: "Küsnacht",
  phone: "079 555 66 77",
  email: "beat@example.ch",
};

test("GET /api/offers answers the spec's shape", async ({ request }) => {
  const offers = (await (await request.get("/api/offers")).json()) as { offerId: number; name: string; basePrice: number; items: { itemId: number; desc: string }[] }[];
  expect(offers.length).toBeGreaterThanOrEqual(2);
  expect(offers[0]).toMatchObject({ offerId: 1, name: "Geburtstag Classic", basePrice: 29 });
  expect(offers[0]!.items[0]).toEqual({ itemId: expect.any(Number), desc: expect.any(String) });
});

test("GET /api/tables/available answers slots and rejects bad input", async ({ request }) => {
  const date = futureWeekday(6, 20);
  const ok = await request.get(`/api/tables/available?date=${date}&count=5&offerId=1`);
  expect(ok.status()).toBe(200);
  const slots = (await ok.json()) as { startTime: string; endTime: string; available: boolean }[];
  expect(slots[0]).toEqual({ startTime: "10:00", endTime: "12:00", available: true });
  expect(slots.at(-1)).toEqual({ startTime: "20:00", endTime: "22:00", available: true });
  for (const bad of ["date=2026-02-30&count=5&offerId=1", `date=${date}&count=0&offerId=1`, `date=${date}&count=5`, `count=5&offerId=1`, `date=${date}&count=x&offerId=1`]) {
    const response = await request.get(`/api/tables/available?${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  }
  expect((await request.get(`/api/tables/available?date=${date}&count=5&offerId=999`)).status()).toBe(404);
});

test("POST /api/birthday/reserve prices on the server, holds, and answers 409 when the slot is taken", async ({ request }) => {
  const date = futureWeekday(0, 20);
  const payload = {
    reservationDate: date,
    selectedSlots: [{ startTime: "16:00", endTime: "18:00" }],
    numChildren: 10,
    numActiveAdults: 10,
    numAccompanyingAdults: 5,
    selectedOffer: { offerId: 1, name: "Geburtstag Classic", basePrice: 0.01 },
    basePrice: 1,
    couponDiscount: 999,
    ...contact,
  };
  const first = await request.post("/api/birthday/reserve", { data: payload });
  expect(first.status()).toBe(200);
  const body = (await first.json()) as { requiresPayment: boolean; finalPrice: number; bookingCode: string; couponRedeemed: boolean; reservationToken: string };
  expect(body).toEqual({
    requiresPayment: true,
    finalPrice: 10 * 29 + 10 * 28 + 5 * 5,
    bookingCode: expect.stringMatching(/^FW-/),
    couponRedeemed: false,
    reservationToken: expect.stringMatching(/^[\w-]{32}$/),
  });
  // 25 persons fit only the 30-seat table: the second family is turned away.
  const second = await request.post("/api/birthday/reserve", { data: { ...payload, email: "other@example.ch" } });
  expect(second.status()).toBe(409);
  const bad = await request.post("/api/birthday/reserve", { data: { ...payload, firstName: " " } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "Bitte füllen Sie alle erforderlichen Felder aus." });
  // A number nobody can call back is refused with the same words as on /enter-data.
  const badPhone = await request.post("/api/birthday/reserve", { data: { ...payload, phone: "123" } });
  expect(badPhone.status()).toBe(400);
  expect(await badPhone.json()).toEqual({ error: "Bitte geben Sie eine gültige Telefonnummer ein (z. B. 079 123 45 67 oder +41 79 123 45 67)." });
  expect((await request.post("/api/birthday/reserve", { data: "nonsense" })).status()).toBe(400);

  const initiate = await request.post("/api/payments/initiate", {
    data: { systemId: "kidsindoor", currency: "CHF", refno: "", amount: 1, reservationToken: body.reservationToken, reservationData: { bookingCode: body.bookingCode } },
  });
  expect(initiate.status()).toBe(200);
  const { paymentUrl } = (await initiate.json()) as { paymentUrl: string };
  const page = await request.get(paymentUrl);
  expect(await page.text()).toContain("CHF 595.00");
  const trxId = paymentUrl.split("/").at(-1)!;
  const anonymous = await request.get(`/api/payments/transaction/${trxId}`);
  expect(await anonymous.json()).toEqual({ status: "initiated", bookingCode: body.bookingCode, reservationData: null });
  const staff = await request.get(`/api/payments/transaction/${trxId}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(await staff.json()).toMatchObject({ status: "initiated", bookingCode: body.bookingCode, reservationData: { reservationDate: date, numChildren: 10 } });
});

test("POST /api/coupons/validate answers valid and invalid codes, and limits guessing", async ({ request }) => {
  const created = await request.post("/api/vouchers", { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { amount: 40 } });
  const { code } = (await created.json()) as { code: string };
  const valid = await request.post("/api/coupons/validate", { data: { couponCode: ` ${code.toLowerCase()} `, systemId: "kidsindoor", orderAmount: 100 } });
  expect(await valid.json()).toEqual({ valid: true, message: "Gutschein ist gültig.", couponCode: code, remainingValue: 40 });
  // A client of its own (the server trusts X-Forwarded-For from a local proxy), so the browser tests' checks stay unlimited.
  const guesser = { "X-Forwarded-For": "203.0.113.7" };
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const r = await request.post("/api/coupons/validate", {
      headers: guesser,
      data: { couponCode: `WRONG${i}ABCDEFG`, systemId: "kidsindoor", orderAmount: 100 },
    });
    statuses.push(r.status());
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  const blocked = await request.post("/api/coupons/validate", { headers: guesser, data: { couponCode: code } });
  expect(blocked.status()).toBe(429);
  expect(((await blocked.json()) as { message: string }).message).toBe(
    "Zu viele Gutscheinprüfungen. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  );
});

test("the voucher API refuses without the staff token", async ({ request }) => {
  expect((await request.post("/api/vouchers", { data: { amount: 10 } })).status()).toBe(401);
  expect((await request.get("/api/vouchers/ABC")).status()).toBe(401);
});

test("webhooks with a bad or missing signature are refused", async ({ request }) => {
  const body = JSON.stringify({ transactionId: "X", status: "settled" });
  expect((await request.post("/api/payments/webhook", { data: body, headers: { "Content-Type": "application/json" } })).status()).toBe(401);
  const forged = await request.post("/api/payments/webhook", {
    data: body,
    headers: { "Content-Type": "application/json", "Datatrans-Signature": `t=${Date.now()},s0=${"ab".repeat(32)}` },
  });
  expect(forged.status()).toBe(401);
});

test("unknown pages answer 404 and steps without their prerequisites send the visitor back", async ({ request }) => {
  const missing = await request.get("/gibt-es-nicht");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("404 Not Found");
  const findSlot = await request.get("/find-slot", { maxRedirects: 0 });
  expect(findSlot.status()).toBe(302);
  expect(findSlot.headers()["location"]).toBe("/offers");
  const enterData = await request.get("/enter-data", { maxRedirects: 0 });
  expect(enterData.headers()["location"]).toBe("/offers");
});

test("POST /api/reservation/create books game rounds and answers 409 for taken rounds", async ({ request }) => {
  const reservationDate = futureWeekday(4, 30);
  const payload = { reservationDate, locationId: 1, gameType: 1, startTime: "10:00", rounds: 3, players: 4, ...contact };
  const first = await request.post("/api/reservation/create", { data: payload });
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({
    message: expect.stringContaining("Reservierung erstellt"),
    code: expect.stringMatching(/^FW-/),
    reservationToken: expect.stringMatching(/^[\w-]{32}$/),
  });
  const overlapping = await request.post("/api/reservation/create", { data: { ...payload, startTime: "10:40" } });
  expect(overlapping.status()).toBe(409);
  const tooMany = await request.post("/api/reservation/create", { data: { ...payload, startTime: "12:00", players: 7 } });
  expect(tooMany.status()).toBe(400);
  expect(((await tooMany.json()) as { error: string }).error).toBe("Bitte wählen Sie 1 bis 6 Spieler.");
  expect((await request.post("/api/reservation/create", { data: { ...payload, gameType: 3 } })).status()).toBe(400);
});
