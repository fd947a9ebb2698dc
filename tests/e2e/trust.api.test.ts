import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_TOKEN, E2E_BASE_URL } from "../../playwright.config";
import { futureWeekday } from "./helpers";

/** Issue "Trust" §1 and §3 over HTTP: the booking code alone opens nothing; return links stay impersonal. */

const contact = {
  firstName: "Petra",
  lastName: "Geheim",
  street: "Privatweg 7",
  zip: "3000",
  city: "Bern",
  phone: "031 999 88 77",
  email: "petra.geheim@example.ch",
};

async function voucher(request: APIRequestContext, amount: number): Promise<string> {
  const created = await request.post("/api/vouchers", { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { amount } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { code: string }).code;
}

async function reserveBirthday(request: APIRequestContext, date: string, startTime: string, couponCode?: string) {
  const response = await request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, "0")}:00` }],
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
      selectedOffer: { offerId: 1 },
      ...contact,
      ...(couponCode ? { couponCode } : {}),
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { bookingCode: string; reservationToken: string; requiresPayment: boolean };
}

function initiate(request: APIRequestContext, refno: string, reservationToken?: string) {
  return request.post("/api/payments/initiate", { data: { systemId: "kidsindoor", currency: "CHF", refno, ...(reservationToken === undefined ? {} : { reservationToken }) } });
}

test("a booking code alone starts no payment: the reservationToken is required, and foreign and unknown codes answer alike", async ({ request }) => {
  const booking = await reserveBirthday(request, futureWeekday(3, 60), "10:00");
  expect(booking.reservationToken).toMatch(/^[\w-]{32}$/);

  const withoutToken = await initiate(request, booking.bookingCode);
  expect(withoutToken.status()).toBe(400);
  expect(await withoutToken.json()).toEqual({ error: "reservationToken is required" });

  const foreign = await initiate(request, booking.bookingCode, "a-stranger-guesses-this-token-xx");
  const unknown = await initiate(request, "FW-ZZZZZ9", "a-stranger-guesses-this-token-xx");
  expect([foreign.status(), unknown.status()]).toEqual([404, 404]);
  expect(await foreign.json()).toEqual(await unknown.json());

  const own = await initiate(request, booking.bookingCode, booking.reservationToken);
  expect(own.status()).toBe(200);
  const { paymentUrl } = (await own.json()) as { paymentUrl: string };
  const trxId = paymentUrl.split("/").at(-1)!;

  // The family's data: with its token (or its draft, or staff tools), never with the id alone.
  const anonymous = await request.get(`/api/payments/transaction/${trxId}`);
  expect(await anonymous.json()).toMatchObject({ bookingCode: booking.bookingCode, reservationData: null });
  const wrong = await request.get(`/api/payments/transaction/${trxId}?reservationToken=nope`);
  expect(await wrong.json()).toMatchObject({ reservationData: null });
  const owner = await request.get(`/api/payments/transaction/${trxId}?reservationToken=${booking.reservationToken}`);
  expect(await owner.json()).toMatchObject({ status: "initiated", bookingCode: booking.bookingCode, reservationData: { email: contact.email } });
});

test("a stranger holding a game's return link is not sent on to /success and gets no cookie, no contact data, no voucher code", async ({ playwright, baseURL }) => {
  const family = await playwright.request.newContext({ baseURL });
  const code = await voucher(family, 10);
  const created = await family.post("/api/reservation/create", {
    data: { reservationDate: futureWeekday(3, 63), locationId: 1, gameType: 1, startTime: "10:00", rounds: 3, players: 4, couponCode: code, ...contact },
  });
  expect(created.status()).toBe(200);
  const game = (await created.json()) as { code: string; reservationToken: string };
  const started = await initiate(family, game.code, game.reservationToken);
  expect(started.status()).toBe(200);
  const { paymentUrl } = (await started.json()) as { paymentUrl: string };
  const paid = await family.post(paymentUrl, { form: { outcome: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  const returnLink = paid.headers()["location"]!;
  expect(returnLink).toContain("datatransTrxId=");
  await family.dispose();

  const stranger = await playwright.request.newContext({ baseURL });
  const page = await stranger.get(returnLink, { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(page.headers()["set-cookie"]).toBeUndefined();
  expect(page.headers()["cache-control"]).toBe("no-store");
  const html = await page.text();
  expect(html).toContain(game.code);
  const url = new URL(returnLink, baseURL);
  const single = await stranger.get(`${url.pathname}.data${url.search}`, { maxRedirects: 0 });
  expect(single.status()).toBe(200);
  const data = await single.text();
  for (const secret of [contact.email, contact.lastName, contact.street, contact.phone, code]) {
    expect(html, secret).not.toContain(secret);
    expect(data, secret).not.toContain(secret);
  }
  // Nothing of the booking reached the stranger's draft.
  const success = await stranger.get("/success");
  expect(await success.text()).toContain("Keine Reservierungsdaten gefunden.");
  await stranger.dispose();
});

test("personal pages are never cached", async ({ request }) => {
  for (const path of ["/payment/success", "/success", "/admin/login"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
  // Signed in, the staff pages and their data (single fetch's `.data`, what client navigation loads).
  const signIn = await request.post("/admin/login", {
    form: { email: "admin", password: E2E_ADMIN_PASSWORD },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  for (const path of ["/admin", "/admin/buchungen", "/admin.data", "/admin/buchungen.data", "/payment/success.data"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
});
