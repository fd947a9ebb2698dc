import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../../playwright.config";
import { createVoucher, expect, expectAccessible, futureWeekday, pickDate, test, waitForMail } from "./helpers";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

type Counts = { numChildren: number; numActiveAdults: number; numAccompanyingAdults: number };

/** A booking as a family makes it (API), paid in full by a voucher so it is confirmed at once. */
async function confirmedBooking(page: Page, date: string, start: string, counts: Counts = { numChildren: 3, numActiveAdults: 1, numAccompanyingAdults: 1 }) {
  const voucher = await createVoucher(page, 1000);
  const response = await page.request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime: start, endTime: "" }],
      ...counts,
      selectedOffer: { offerId: 1 },
      couponCode: voucher,
      firstName: "Lea",
      lastName: "Brunner",
      street: "Dorfstrasse 3",
      zip: "8610",
      city: "Uster",
      phone: "079 111 22 33",
      email: "lea@example.ch",
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { bookingCode: string; requiresPayment: boolean };
  expect(body.requiresPayment).toBe(false);
  return { code: body.bookingCode, voucher };
}

/** The manage link's path from the booking's confirmation e-mail (.eml parsed like a mail client). */
async function manageLinkOf(code: string): Promise<string> {
  const mail = await simpleParser(await waitForMail(code));
  const match = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(match, "manage link in the confirmation e-mail").not.toBeNull();
  return match![1]!;
}

async function expectFitsNarrowScreen(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a family opens its manage link, moves the party and cancels it with the voucher credited back", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(javaScriptEnabled ? 3 : 0, 28);
  const { code, voucher } = await confirmedBooking(page, date, "10:00");
  const link = await manageLinkOf(code);

  const response = await page.goto(link);
  expect(response?.headers()["referrer-policy"]).toBe("same-origin");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Status: Bestätigt" })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText(/Kostenlos stornierbar bis \w+, \d+\. \w+ \d{4}, 10:00 Uhr\./)).toBeVisible();
  await expect(page.getByRole("main").getByText("Industriestrasse 12", { exact: false })).toBeVisible();
  await expect(page.getByText(`Mit Gutschein ${voucher} bezahlt`, { exact: false })).toBeVisible();
  const ics = await page.request.get(`${link}/kalender.ics`);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain(`UID:${code}@funworld.ch`);
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  // Move: the booking flow's calendar and slot grid.
  await page.getByRole("link", { name: "Termin verschieben" }).click();
  await expect(page.getByRole("heading", { name: "Termin verschieben" })).toBeVisible();
  await pickDate(page, date);
  await expect(page.getByRole("heading", { name: /Freie Zeiten am/ })).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await page.getByRole("radio", { name: /^14:00 - 16:00/ }).check();
  await page.getByRole("button", { name: "Auf diesen Termin verschieben" }).click();
  await expect(page.getByText("Ihre Buchung wurde verschoben.", { exact: false })).toBeVisible();
  await expect(page.getByText("14:00 - 16:00 Uhr")).toBeVisible();

  // Cancel, with a confirmation step that says what goes back.
  await page.getByRole("link", { name: "Buchung stornieren" }).click();
  await expect(page.getByRole("heading", { name: "Möchten Sie diese Buchung wirklich stornieren?" })).toBeVisible();
  await expect(page.getByText(`werden dem Gutschein ${voucher} wieder gutgeschrieben`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await page.getByRole("button", { name: "Ja, Buchung stornieren" }).click();
  await expect(page.getByText("Ihre Buchung wurde storniert.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Status: Storniert" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Buchung stornieren" })).toHaveCount(0);
  // Cancelled reads as cancelled (issue #29 §6): no calendar entry or arrival note, a way to book again.
  await expect(page.getByRole("link", { name: "Zum Kalender hinzufügen (.ics)" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Neue Buchung" })).toHaveAttribute("href", "/offers");
  await expectAccessible(page);

  // The voucher has its amount again.
  const check = await page.request.get(`/api/vouchers/${voucher}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(((await check.json()) as { remainingValue: number }).remainingValue).toBe(1000);
});

test("a family changes the number of persons: the price difference first, one child more paid online, fewer persons given back", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(javaScriptEnabled ? 4 : 5, 42);
  // 3 children, 1 playing and 1 accompanying adult: CHF 120, paid with a voucher of CHF 1000.
  const { code, voucher } = await confirmedBooking(page, date, "12:00");
  const link = await manageLinkOf(code);
  await page.goto(link);
  await page.getByRole("link", { name: "Anzahl Personen ändern" }).click();
  await expect(page.getByRole("heading", { name: "Anzahl Personen ändern" })).toBeVisible();
  await expect(page.getByLabel("Kinder")).toHaveValue("3");
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  // One child more: the voucher keeps paying its CHF 120, the CHF 29 difference is paid online.
  await page.getByLabel("Kinder").fill("4");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByRole("heading", { name: "Änderung prüfen" })).toBeVisible();
  const prices = page.locator(".price-change");
  await expect(prices).toContainText("Bisheriger PreisCHF 120.00");
  await expect(prices).toContainText("Neuer PreisCHF 149.00");
  await expect(prices).toContainText("Differenz+ CHF 29.00");
  await expect(page.getByText("Sie bezahlen die Differenz von CHF 29.00 online. Bis dahin bleibt Ihre Buchung unverändert.")).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByText("CHF 29.00")).toBeVisible();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByText("Ihre Buchung wurde geändert.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}\\?ok=geaendert$`));
  await expect(page.getByText(/^6 \(Kinder: 4/)).toBeVisible();

  // Two children fewer: CHF 91 — the voucher pays it all, CHF 29 go back to it and the CHF 29 paid online are refunded.
  await page.getByRole("link", { name: "Anzahl Personen ändern" }).click();
  await page.getByLabel("Kinder").fill("2");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(prices).toContainText("Differenz- CHF 58.00");
  await expect(page.getByText("CHF 29.00 werden Ihnen auf Ihr Zahlungsmittel zurückerstattet.")).toBeVisible();
  await expect(page.getByText(`CHF 29.00 werden dem Gutschein ${voucher} wieder gutgeschrieben.`)).toBeVisible();
  await page.getByRole("button", { name: "Änderung bestätigen" }).click();
  await expect(page.getByText("Ihre Buchung wurde geändert.", { exact: false })).toBeVisible();
  await expect(page.getByText(/^4 \(Kinder: 2/)).toBeVisible();
  const check = await page.request.get(`/api/vouchers/${voucher}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(((await check.json()) as { remainingValue: number }).remainingValue).toBe(1000 - 91);

  // No persons at all is refused in German, and nothing changes.
  await page.getByRole("link", { name: "Anzahl Personen ändern" }).click();
  await page.getByLabel("Kinder").fill("0");
  await page.getByLabel("Erwachsene (mitspielend)").fill("0");
  await page.getByLabel("Erwachsene (nur Begleitung)").fill("0");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Bitte wählen Sie mindestens eine Person aus.");
});

test.describe("inside the self-service limit", () => {
  // The rule is "up to SELF_SERVICE_HOURS before the start". Whether a birthday day lies within 48 hours
  // of now depends on the weekday, so this runs on a second server whose limit is 1,440 hours (60 days):
  // any booking within the next weeks is then inside it, on every day of the week.
  let server: Spawned | undefined;
  test.beforeAll(async () => {
    server = spawnServer(
      baseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", ALLOW_SIMULATED_PAYMENTS: "true", DATABASE_URL: "", SELF_SERVICE_HOURS: "1440", ADMIN_API_TOKEN: E2E_ADMIN_TOKEN }),
    );
    await listening(server, 60_000);
  });
  test.afterAll(async () => {
    if (server) await stop(server);
  });

  test("within the limit the page shows the AGB rule and the phone number instead of the buttons", async ({ page, javaScriptEnabled }) => {
    const base = server!.baseUrl!;
    const created = await page.request.post(`${base}/api/vouchers`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { amount: 1000 } });
    expect(created.status()).toBe(201);
    const { code: voucher } = (await created.json()) as { code: string };
    const reserved = await page.request.post(`${base}/api/birthday/reserve`, {
      data: {
        reservationDate: futureWeekday(javaScriptEnabled ? 4 : 5, 10),
        selectedSlots: [{ startTime: "10:00", endTime: "" }],
        numChildren: 1,
        numActiveAdults: 0,
        numAccompanyingAdults: 1,
        selectedOffer: { offerId: 1 },
        couponCode: voucher,
        firstName: "Lea",
        lastName: "Brunner",
        street: "Dorfstrasse 3",
        zip: "8610",
        city: "Uster",
        phone: "079 111 22 33",
        email: "lea@example.ch",
      },
    });
    expect(reserved.status()).toBe(200);
    const { bookingCode: code } = (await reserved.json()) as { bookingCode: string };
    const outbox = path.join(server!.env.DATA_DIR!, "outbox");
    await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).some((f) => f.endsWith(".eml") && f.includes(code)) : false), { timeout: 15_000 }).toBe(true);
    const file = readdirSync(outbox).find((f) => f.endsWith(".eml") && f.includes(code))!;
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    const link = `${base}${/https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]}`;
    await page.goto(link);
    // Booked inside the window: the page says the booking never could be changed online, not a deadline that lay before it was made.
    await expect(page.getByText("Diese Buchung wurde weniger als 1440 Stunden vor dem Termin gemacht; online kann sie nicht storniert oder verschoben werden (AGB §4).", { exact: false })).toBeVisible();
    await expect(page.getByText(/Eine kostenlose Stornierung oder Verschiebung war bis/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "+41 44 555 12 34" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Buchung stornieren" })).toHaveCount(0);
    // The confirmation step itself is closed too.
    await page.goto(`${link}/stornieren`);
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expectAccessible(page);
  });

  test("a move into the limit says first that online cancelling then ends, with the deadline", async ({ page, javaScriptEnabled }) => {
    const base = server!.baseUrl!;
    const created = await page.request.post(`${base}/api/vouchers`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { amount: 1000 } });
    const { code: voucher } = (await created.json()) as { code: string };
    // 90 days ahead: outside the 60-day limit, so the family may still move it.
    const reserved = await page.request.post(`${base}/api/birthday/reserve`, {
      data: {
        reservationDate: futureWeekday(javaScriptEnabled ? 6 : 0, 90),
        selectedSlots: [{ startTime: "10:00", endTime: "" }],
        numChildren: 1,
        numActiveAdults: 0,
        numAccompanyingAdults: 1,
        selectedOffer: { offerId: 1 },
        couponCode: voucher,
        firstName: "Mia",
        lastName: "Verschieber",
        street: "Dorfstrasse 3",
        zip: "8610",
        city: "Uster",
        phone: "079 111 22 33",
        email: "mia@example.ch",
      },
    });
    expect(reserved.status()).toBe(200);
    const { bookingCode: code } = (await reserved.json()) as { bookingCode: string };
    const outbox = path.join(server!.env.DATA_DIR!, "outbox");
    await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).some((f) => f.endsWith(".eml") && f.includes(code)) : false), { timeout: 15_000 }).toBe(true);
    const file = readdirSync(outbox).find((f) => f.endsWith(".eml") && f.includes(code))!;
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    const link = `${base}${/https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]}`;

    // To a day 20 days ahead: inside the limit. The same price, but a confirmation step that says so.
    await page.goto(`${link}/verschieben?date=${futureWeekday(javaScriptEnabled ? 3 : 4, 20)}`);
    await page.getByRole("radio", { name: /^14:00 - 16:00/ }).check();
    await page.getByRole("button", { name: "Auf diesen Termin verschieben" }).click();
    await expect(page.getByRole("heading", { name: "Änderung prüfen" })).toBeVisible();
    await expect(
      page.getByText(/^Der neue Termin beginnt in weniger als 1440 Stunden: Nach dieser Verschiebung ist eine Stornierung online nicht mehr möglich \(nur bis 1440 Stunden vor Beginn, für den neuen Termin also bis \w+, \d+\. \w+ \d{4}, \d\d:\d\d Uhr\)\.$/),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Änderung bestätigen" }).click();
    await expect(page.getByText("Ihre Buchung wurde verschoben.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Buchung stornieren" })).toHaveCount(0);
  });
});

test("the return from paying a difference: the waiting page reloads from the head; a GET of the cancel URL gives nothing up, the family's POST does", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(javaScriptEnabled ? 4 : 5, 238);
  const { code } = await confirmedBooking(page, date, "12:00");
  const link = await manageLinkOf(code);
  await page.goto(`${link}/personen`);
  await page.getByLabel("Kinder").fill("4");
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  const trx = page.url().split("/").at(-1)!;

  // While the provider has not confirmed, the success return waits and reloads itself from the head.
  const html = await (await page.request.get(`${link}/zahlung?r=ok&datatransTrxId=${trx}`)).text();
  expect(html.slice(0, html.indexOf("</head>"))).toContain(`<meta http-equiv="refresh" content="1;url=${link}/zahlung?r=ok&amp;datatransTrxId=${trx}&amp;versuch=1"/>`);
  expect(html.slice(html.indexOf("<body"))).not.toMatch(/<meta[^>]+refresh/);

  // The cancel URL opened while the provider still has the payment open (a prefetch, a pasted link):
  // nothing is given up, and the page waits for the family's choice without reloading.
  const cancelUrl = `${link}/zahlung?r=abbruch&datatransTrxId=${trx}`;
  expect(await (await page.request.get(cancelUrl)).text()).not.toContain('http-equiv="refresh"');
  await page.goto(cancelUrl);
  await expect(page.getByText("Beim Zahlungsanbieter ist diese Zahlung noch offen.", { exact: false })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("Differenz bezahlen", { exact: false }).first()).toBeVisible();

  // The family's POST gives the change up; the booking stays as it was.
  await page.goto(cancelUrl);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Änderung abbrechen" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}\\?ok=zahlung-abgebrochen$`));
  await expect(page.getByText(/^5 \(Kinder: 3/)).toBeVisible();
});

test("the link request form answers the same for a match and a mismatch; unknown links are 404", async ({ page }) => {
  const date = futureWeekday(6, 35);
  const { code } = await confirmedBooking(page, date, "12:00");
  await page.goto("/buchung");
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await page.getByLabel("Buchungscode").fill(code);
  await page.getByLabel("E-Mail-Adresse").fill("someone@example.ch");
  await page.getByRole("button", { name: "Link zusenden" }).click();
  const sent = page.getByText("Falls Buchungscode und E-Mail-Adresse zu einer Buchung passen", { exact: false });
  await expect(sent).toBeVisible();
  const mismatch = await sent.textContent();
  await page.getByLabel("Buchungscode").fill(code.toLowerCase());
  await page.getByLabel("E-Mail-Adresse").fill("lea@example.ch");
  await page.getByRole("button", { name: "Link zusenden" }).click();
  await expect(sent).toHaveText(mismatch!);
  await expectAccessible(page);

  const missing = await page.goto(`/buchung/${"A".repeat(43)}`);
  expect(missing?.status()).toBe(404);
  const wrongShape = await page.goto(`/buchung/${code}`);
  expect(wrongShape?.status()).toBe(404);
});
