import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN_TOKEN, E2E_BASE_URL } from "../../playwright.config";
import { expect, futureWeekday, test } from "./helpers";

/** Issue "Trust" §2 and §3 in the browser, with and without JavaScript. */

const TOO_MANY_HOLDS = "Sie haben bereits offene Reservierungen. Bitte schliessen Sie zuerst die Zahlung ab oder warten Sie einige Minuten.";

const victim = {
  firstName: "Vreni",
  lastName: "Vertraulich",
  street: "Geheimgasse 3",
  zip: "4000",
  city: "Basel",
  phone: "061 222 33 44",
  email: "vreni.vertraulich@example.ch",
};

/** A family books and pays a birthday (with a voucher) through the JSON API; returns its return link. */
async function paidBirthday(request: APIRequestContext, date: string, startTime: string) {
  const created = await request.post("/api/vouchers", { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { amount: 10 } });
  const { code: voucherCode } = (await created.json()) as { code: string };
  const reserved = await request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, "0")}:00` }],
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
      selectedOffer: { offerId: 1 },
      couponCode: voucherCode,
      ...victim,
    },
  });
  expect(reserved.status()).toBe(200);
  const { bookingCode, reservationToken } = (await reserved.json()) as { bookingCode: string; reservationToken: string };
  const started = await request.post("/api/payments/initiate", { data: { currency: "CHF", refno: bookingCode, reservationToken } });
  expect(started.status()).toBe(200);
  const { paymentUrl } = (await started.json()) as { paymentUrl: string };
  const paid = await request.post(paymentUrl, { form: { outcome: "pay" }, maxRedirects: 0 });
  return { bookingCode, voucherCode, returnLink: paid.headers()["location"]! };
}

async function startDraft(page: Page, base = "") {
  await page.goto(`${base}/offers`);
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
}

test("a stranger with a draft of their own opens a family's return link: status and code only, and the booking stays out of the stranger's draft", async ({
  page,
  javaScriptEnabled,
}) => {
  const booking = await paidBirthday(page.request, futureWeekday(4, javaScriptEnabled ? 70 : 77), "12:00");
  // The family's request context is not the stranger's browser: give the browser a clean start.
  await page.context().clearCookies();
  await startDraft(page);

  const response = await page.goto(booking.returnLink);
  expect(response!.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await expect(page.getByText(booking.bookingCode)).toBeVisible();
  const html = await page.content();
  for (const secret of [victim.email, victim.firstName, victim.lastName, victim.street, victim.phone, booking.voucherCode]) {
    expect(html, secret).not.toContain(secret);
  }
  // The stranger's own confirmation pages know nothing of this booking.
  await page.goto("/payment/success");
  await expect(page.getByText("Keine Reservierungsdaten gefunden.")).toBeVisible();
  await page.goto("/success");
  await expect(page.getByText("Keine Reservierungsdaten gefunden.")).toBeVisible();
  expect(await page.content()).not.toContain(booking.bookingCode);
});

test("the contact page is never cached", async ({ page }) => {
  await startDraft(page);
  await page.goto(`/find-slot?offerId=1&date=${futureWeekday(5, 84)}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=0`);
  await page.getByRole("radio", { name: /^10:00 - 12:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  const response = await page.request.get("/enter-data");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

/**
 * The suite's main server raises the hoarding limits (every test books from 127.0.0.1); these tests
 * start a second server with the documented defaults: 3 holds per client, 2 per e-mail, 20 look-ups.
 */
test.describe("with the documented limits", () => {
  test.describe.configure({ mode: "serial" });
  const port = Number(new URL(E2E_BASE_URL).port) + 1;
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // The documented defaults: none of the limit variables is set.
    for (const key of ["HOLD_LIMIT_PER_CLIENT", "HOLD_LIMIT_PER_EMAIL", "LOOKUP_LIMIT_PER_MINUTE", "PAYMENT_START_MINUTES"]) delete process.env[key];
    server = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
      stdio: "ignore",
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(os.tmpdir(), `fun-world-e2e-${port}`),
        PUBLIC_URL: base,
        SESSION_SECRET: process.env.E2E_SESSION_SECRET,
        PAYMENT_PROVIDER: "simulated",
        ALLOW_SIMULATED_PAYMENTS: "true",
        ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
        ADMIN_PASSWORD: "",
        DATABASE_URL: "",
        SMTP_URL: "",
        // Lets a test act as another client (X-Forwarded-For from loopback); not a limit setting.
        TRUST_PROXY: "loopback",
      },
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/offers`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`the second server on ${base} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  test("an address with three open holds gets the German 429 message on the contact form", async ({ page }) => {
    const date = futureWeekday(6, 91);
    for (const [i, startTime] of ["10:00", "12:00", "14:00"].entries()) {
      const held = await page.request.post(`${base}/api/birthday/reserve`, {
        data: {
          reservationDate: date,
          selectedSlots: [{ startTime, endTime: `${Number(startTime.slice(0, 2)) + 2}:00` }],
          numChildren: 4,
          numActiveAdults: 0,
          numAccompanyingAdults: 0,
          selectedOffer: { offerId: 1 },
          ...victim,
          email: `hoarder${i}@example.ch`,
        },
      });
      expect(held.status()).toBe(200);
    }
    const fourth = await page.request.post(`${base}/api/birthday/reserve`, {
      data: {
        reservationDate: date,
        selectedSlots: [{ startTime: "16:00", endTime: "18:00" }],
        numChildren: 4,
        numActiveAdults: 0,
        numAccompanyingAdults: 0,
        selectedOffer: { offerId: 1 },
        ...victim,
        email: "hoarder3@example.ch",
      },
    });
    expect(fourth.status()).toBe(429);
    expect(await fourth.json()).toEqual({ error: TOO_MANY_HOLDS });

    await startDraft(page, base);
    await page.goto(`${base}/find-slot?offerId=1&date=${date}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=0`);
    await page.getByRole("radio", { name: /^18:00 - 20:00/ }).check();
    await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
    await expect(page).toHaveURL(/\/enter-data$/);
    const fields: Record<string, string> = { Vorname: "Anna", Nachname: "Muster", "Strasse und Hausnummer": "Bahnhofstrasse 1", PLZ: "8001", Ort: "Zürich", Telefon: "044 123 45 67" };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: false }).first().fill(value);
    await page.getByLabel("E-Mail *", { exact: true }).fill("anna.limit@example.ch");
    await page.getByLabel("E-Mail wiederholen *").fill("anna.limit@example.ch");
    await page.getByLabel(/Ich akzeptiere die/).check();
    await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TOO_MANY_HOLDS })).toBeVisible();
    await expect(page).toHaveURL(/\/enter-data$/);
    await expect(page.getByLabel("Vorname")).toHaveValue("Anna");
  });

  test("payment starts are limited per client with a German 429", async ({ page }) => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 21; i++) {
      const response = await page.request.post(`${base}/api/payments/initiate`, {
        data: { currency: "CHF", refno: `FW-GUES${String(i).padStart(2, "0")}`, reservationToken: "guess" },
      });
      statuses.push(response.status());
      last = await response.json();
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(last).toEqual({ error: "Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut." });
  });

  test("guessing manage and payment links: 20 misses per client and minute in all, then a German 429 page", async ({ page }) => {
    // A client address of its own (the server trusts loopback's X-Forwarded-For), so the look-up
    // budget the other tests of this server use up is not this one's.
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    await page.context().setExtraHTTPHeaders(headers);
    const guess = () => randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    // Manage and payment links draw on one budget.
    for (let i = 0; i < 20; i++) statuses.push((await page.request.get(`${base}/${i % 2 ? "zahlung" : "buchung"}/${guess()}`, { headers, maxRedirects: 0 })).status());
    expect(statuses).toEqual(Array(20).fill(404));
    // The 21st guess, also under a sub-page and as single-fetch data: refused before any look-up.
    for (const path of [`/buchung/${guess()}`, `/buchung/${guess()}/stornieren`, `/buchung/${guess()}.data`]) {
      const refused = await page.request.get(`${base}${path}`, { headers, maxRedirects: 0 });
      expect(refused.status(), path).toBe(429);
      expect(refused.headers()["retry-after"], path).toMatch(/^\d+$/);
      expect(refused.headers()["cache-control"], path).toBe("no-store");
      expect(await refused.text(), path).toContain("Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut.");
    }
    expect((await page.request.get(`${base}/zahlung/${guess()}`, { headers, maxRedirects: 0 })).status()).toBe(429);
    // The family's browser shows it in German; the rest of the site, and other clients, go on.
    await page.goto(`${base}/buchung/${guess()}`);
    await expect(page.getByRole("heading", { name: "Zu viele Anfragen" })).toBeVisible();
    // Under a language prefix in that language (issue #33), with the way home in it.
    await page.goto(`${base}/fr/buchung/${guess()}`);
    await expect(page.getByRole("heading", { name: "Trop de requêtes" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/fr");
    expect((await page.request.get(`${base}/buchung`, { headers })).status()).toBe(200);
    expect((await page.request.get(`${base}/offers`, { headers })).status()).toBe(200);
    expect((await page.request.get(`${base}/buchung/${guess()}`, { headers: { "X-Forwarded-For": "203.0.113.78" } })).status()).toBe(404);
  });
});
