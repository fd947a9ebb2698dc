import { createServer } from "node:net";
import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_TOKEN } from "../../playwright.config";
import { cancelAtDesk, createVoucher, expect, expectAccessible, futureWeekday, signIn, test, waitForHydration } from "./helpers";
import { baseEnv, listening, spawnServer, stop } from "./spawn-server";

/** Prices and states a parent understands (issue "Phone", section 2), with JavaScript on and off. */

async function toContactStep(page: Page, date: string, start: string, counts = { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 2 }) {
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=${counts.numChildren}&numActiveAdults=${counts.numActiveAdults}&numAccompanyingAdults=${counts.numAccompanyingAdults}`);
  await page.getByRole("radio", { name: new RegExp(`^${start} - `) }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
}

async function fillContact(page: Page) {
  await page.getByLabel("Vorname").fill("Mia");
  await page.getByLabel("Nachname").fill("Frei");
  await page.getByLabel("Strasse und Hausnummer").fill("Seeweg 4");
  await page.getByLabel("PLZ").fill("6300");
  await page.getByLabel("Ort").fill("Zug");
  await page.getByLabel("Telefon").fill("041 555 66 77");
  await page.getByLabel("E-Mail *", { exact: true }).fill("mia@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("mia@example.ch");
}

test("the summary shows what adults cost: children, playing and accompanying adults, voucher and total", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 91 : 98);
  const voucher = await createVoucher(page, 100);
  await toContactStep(page, date, "10:00");
  const summary = page.locator(".summary").first();
  await page.goto("/offers");
  await expect(page.getByText("Erwachsene: mitspielend CHF 28.00, nur Begleitung CHF 5.00 pro Person.")).toBeVisible();
  await page.goto("/enter-data");
  await expect(summary.getByText("Kinder 4 × CHF 29.00")).toBeVisible();
  await expect(summary.getByText("CHF 116.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene mitspielend 1 × CHF 28.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene nur Begleitung 2 × CHF 5.00")).toBeVisible();
  await expect(summary.locator("dd.total")).toHaveText("CHF 154.00");
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Verfügbarer Betrag: CHF 100.00")).toBeVisible();
  await expect(page.getByText("Restbetrag nach dieser Buchung: CHF 0.00")).toBeVisible();
  await expect(summary.getByText("Ursprünglicher Preis")).toBeVisible();
  await expect(summary.getByText(voucher)).toBeVisible();
  await expect(summary.getByText("− CHF 100.00")).toBeVisible();
  await expect(summary.locator("dd.total")).toHaveText("CHF 54.00");
  await expectAccessible(page);
});

test("a voucher larger than the price shows what is left of it, and the confirmation shows the same receipt", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 91 : 98);
  const voucher = await createVoucher(page, 500);
  await toContactStep(page, date, "12:00");
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Verfügbarer Betrag: CHF 500.00")).toBeVisible();
  // 4 × 29 + 1 × 28 + 2 × 5 = 154: 346 stay on the voucher.
  await expect(page.getByText("Restbetrag nach dieser Buchung: CHF 346.00")).toBeVisible();
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Buchung abschließen" }).click();
  await expect(page.getByRole("heading", { name: "Buchung erfolgreich!" })).toBeVisible();
  const summary = page.locator(".summary").filter({ has: page.getByRole("heading", { name: "Ihre Buchung" }) });
  await expect(summary.getByText("Kinder 4 × CHF 29.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene mitspielend 1 × CHF 28.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene nur Begleitung 2 × CHF 5.00")).toBeVisible();
  await expect(summary.locator("dt", { hasText: "Ursprünglicher Preis" }).locator("+ dd")).toHaveText("CHF 154.00");
  await expect(summary.getByText(voucher)).toBeVisible();
  await expect(summary.getByText("− CHF 154.00")).toBeVisible();
  await expect(summary.locator("dd.total")).toHaveText("CHF 0.00");
  await expectAccessible(page);

  // The same browser books again: the new choice leads to the contact step, not back to this confirmation.
  await page.getByRole("link", { name: "Neue Buchung erstellen" }).click();
  await toContactStep(page, date, "18:00");
  await expect(page.getByText("18:00 - 20:00 Uhr")).toBeVisible();
});

test("after a cancelled payment nothing looks like a booking, and 'Zurück zur Buchung' keeps what was typed", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 91 : 98);
  await toContactStep(page, date, "14:00");
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  const transactionId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung abgebrochen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Neue Buchung starten" })).toBeVisible();

  // The status page of that transaction: translated, no booking card, no arrival note.
  await page.goto(`/payment/success?datatransTrxId=${transactionId}`);
  await expect(page.getByRole("heading", { name: "Zahlung abgebrochen" })).toBeVisible();
  await expect(page.getByText("Status: abgebrochen")).toBeVisible();
  await expect(page.getByText("canceled")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toHaveCount(0);
  await expect(page.getByText(/10-20 Minuten/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Zurück zur Buchung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByLabel("Vorname")).toHaveValue("Mia");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  // Paid: the receipt, the contact data and the arrival note.
  const summary = page.locator(".summary").filter({ has: page.getByRole("heading", { name: "Ihre Buchung" }) });
  await expect(summary.getByText("Kinder 4 × CHF 29.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene mitspielend 1 × CHF 28.00")).toBeVisible();
  await expect(summary.getByText("Erwachsene nur Begleitung 2 × CHF 5.00")).toBeVisible();
  await expect(summary.locator("dd.total")).toHaveText("CHF 154.00");
  await expect(page.getByRole("heading", { name: "Kontaktdaten" })).toBeVisible();
  await expect(page.getByText(/10-20 Minuten/)).toBeVisible();
});

test("'Zurück zur Buchung' after a failed payment leads back to the contact data", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 91 : 98);
  await toContactStep(page, date, "16:00");
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Fehler simulieren" })).toBeVisible();
  const transactionId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Fehler simulieren" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung fehlgeschlagen" })).toBeVisible();
  await expectAccessible(page);

  // The status page of that transaction: translated, no booking card, no contact card, no arrival note.
  await page.goto(`/payment/success?datatransTrxId=${transactionId}`);
  await expect(page.getByRole("heading", { name: "Zahlung fehlgeschlagen" })).toBeVisible();
  await expect(page.getByText("Status: fehlgeschlagen")).toBeVisible();
  await expect(page.getByText("failed")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Kontaktdaten" })).toHaveCount(0);
  await expect(page.getByText(/10-20 Minuten/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Neue Buchung versuchen" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Zurück zur Buchung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByLabel("Nachname")).toHaveValue("Frei");
});

test("'Zurück' on /enter-data goes to the slot choice and keeps what was typed; 'Abbrechen' asks first", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 105 : 112);
  await toContactStep(page, date, "12:00");
  await fillContact(page);
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(page).toHaveURL(new RegExp(`/find-slot\\?date=${date}`));
  await page.getByRole("radio", { name: /^12:00 - / }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByLabel("Vorname")).toHaveValue("Mia");
  await expect(page.getByLabel("E-Mail wiederholen *")).toHaveValue("mia@example.ch");

  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByText("Buchung wirklich abbrechen?")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Nein, weiter buchen" }).click();
  await expect(page.getByText("Buchung wirklich abbrechen?")).toHaveCount(0);
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByLabel("Vorname")).toHaveValue("Mia");
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await page.getByRole("button", { name: "Ja, abbrechen" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/enter-data");
  await expect(page).not.toHaveURL(/\/enter-data$/);
});

test("without JavaScript too, the e-mail mismatch shows under the repeat field as well as in the alert", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 105 : 112);
  await toContactStep(page, date, "16:00");
  await fillContact(page);
  await page.getByLabel("E-Mail wiederholen *").fill("mia@example.com");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Die E-Mails stimmen nicht überein." })).toBeVisible();
  await expect(page.locator("#emailRepeat-error")).toHaveText("Die E-Mails stimmen nicht überein.");
  await expect(page.getByLabel("E-Mail wiederholen *")).toHaveAttribute("aria-invalid", "true");
});

test("an old /enter-data tab of a booking already paid shows that booking instead of starting a second one", async ({ page, context, javaScriptEnabled }) => {
  // A day of its own (no other booking by mia@example.ch), so the staff search below counts this test's bookings only.
  const date = futureWeekday(0, javaScriptEnabled ? 119 : 126);
  await toContactStep(page, date, "18:00");
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();

  // A second tab books and pays; the provider confirms by webhook before that tab ever shows the result.
  // Two tabs of one browser: headless Chromium delivers animation frames (Playwright's "stable"
  // check) to the front tab only, so each tab is brought to the front before it is used.
  const other = await context.newPage();
  await other.bringToFront();
  await other.goto("/enter-data");
  await fillContact(other);
  await other.getByLabel(/Ich akzeptiere die/).check();
  await other.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(other.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  const code = (await other.locator("strong").filter({ hasText: /^FW-/ }).textContent())!.trim();
  const transactionId = new URL(other.url()).pathname.split("/").pop()!;
  const paid = await other.request.post(new URL(other.url()).pathname, { form: { outcome: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  // The webhook is delivered in the background; instead of racing it, the status is asked as the return
  // page would ask it, so the booking is confirmed before the old tab is used (deterministically).
  const status = await other.request.get(`/api/payments/transaction/${transactionId}`);
  expect(((await status.json()) as { status: string }).status).toBe("settled");
  await other.close();

  await page.bringToFront();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toHaveCount(0);
  const slots = await page.request.get(`/api/tables/available?date=${date}&count=7&offerId=1`);
  expect(((await slots.json()) as { startTime: string; available: boolean }[]).some((s) => s.startTime === "18:00")).toBe(true);

  // Exactly one booking exists for that family and day (in any state: no second hold either).
  await signIn(page);
  await page.goto(`/admin/buchungen?q=${encodeURIComponent("mia@example.ch")}&from=${date}&to=${date}`);
  await expect(page.getByRole("heading", { name: "1 Buchung gefunden" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("18:00");
});

test("closed days are marked in the calendars, and a closed day says 'geschlossen', not 'ausgebucht'", async ({ page }) => {
  const monday = futureWeekday(1, 7);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  // Which day the step opens on depends on today: see "when today is closed" below.
  await expect(page.locator(".calendar-legend")).toContainText("geschlossen");
  await page.goto(`/find-slot?offerId=1&date=${monday}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=0`);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveAttribute("aria-label", /\(geschlossen\)$/);
  await expect(page.getByText("An diesem Tag haben wir geschlossen.")).toBeVisible();
  await expect(page.getByText("Alle Tische ausgebucht")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/date?day=7&locationId=3&date=${monday}`);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveAttribute("aria-label", /\(geschlossen\)$/);
  await expect(page.getByText(/an diesem Tag haben wir geschlossen/)).toBeVisible();
  await expectAccessible(page);
});

test("game start times are grouped by hour, with and without JavaScript", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(4, javaScriptEnabled ? 91 : 98);
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/slot?date=${date}&rounds=1&players=2`);
  const twoPm = page.getByRole("group", { name: "14 Uhr", exact: true });
  await expect(twoPm.getByRole("radio")).toHaveCount(3);
  await expect(twoPm.getByRole("radio", { name: /^14:00 - 14:20/ })).toBeVisible();
  await expect(twoPm.getByRole("radio", { name: /^14:20 - 14:40/ })).toBeVisible();
  await expect(twoPm.getByRole("radio", { name: /^14:40 - 15:00/ })).toBeVisible();
  // Every start sits in the group of its hour.
  const groups = page.locator("fieldset.slot-grid-hour");
  expect(await groups.count()).toBeGreaterThan(5);
  for (const group of await groups.all()) {
    const hour = (await group.locator("legend").textContent())!.slice(0, 2);
    for (const value of await group.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))) {
      expect(value.slice(0, 2)).toBe(hour);
    }
  }
  await twoPm.getByRole("radio", { name: /^14:20 - / }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByText("14:20 - 14:40 Uhr")).toBeVisible();
});

test("a players count typed out of range on /slot is explained in German when submitted", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(4, javaScriptEnabled ? 105 : 112);
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/slot?date=${date}`);
  const players = page.getByLabel(/Spieler \(1 bis/);
  if (javaScriptEnabled) await waitForHydration(page);
  await players.fill("25");
  if (javaScriptEnabled) {
    // With JavaScript the field itself sets the highest possible number when left.
    await players.blur();
    await expect(players).toHaveValue("10");
    return;
  }
  // Without JavaScript: "Weiter" with 25 is refused with the German rule, not the browser's bubble …
  await page.getByRole("radio", { name: /^15:00 - / }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page.getByRole("alert")).toHaveText("Bitte geben Sie 1 bis 10 Spieler ein.");
  await expectAccessible(page);
  // … and reloading the start times with 25 sets 10 and says so.
  await page.getByLabel(/Spieler \(1 bis/).fill("25");
  await page.getByRole("button", { name: "Startzeiten anzeigen" }).click();
  await expect(page.getByText("Es sind 1 bis 10 Spieler möglich – die Anzahl wurde auf 10 gesetzt.")).toBeVisible();
  await expect(page.getByLabel(/Spieler \(1 bis/)).toHaveValue("10");
});

test("'Weiter' with no persons says so once: one alert, no second prompt", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 91 : 98);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=0&numActiveAdults=0&numAccompanyingAdults=0`);
  await expect(page.getByText("Bitte wählen Sie zuerst die Anzahl Personen aus, um verfügbare Zeitslots zu sehen.")).toBeVisible();
  const next = page.getByRole("button", { name: "Weiter zur Datenerfassung" });
  if (javaScriptEnabled) {
    // With JavaScript "Weiter" waits for persons and a time; the prompt alone explains why.
    await expect(next).toBeDisabled();
    return;
  }
  await next.click();
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveText("Bitte wählen Sie mindestens eine Person aus.");
  await expect(page.getByText("Bitte wählen Sie zuerst die Anzahl Personen aus", { exact: false })).toHaveCount(0);
  await expectAccessible(page);
});

test("staff see German system names in the storno result, and a day of cancelled bookings has no active ones", async ({ page, javaScriptEnabled }) => {
  // A day no other test books.
  const date = futureWeekday(3, javaScriptEnabled ? 133 : 140);
  const voucher = await createVoucher(page, 500);
  const created = await page.request.post("/api/reservation/create", {
    data: {
      reservationDate: date,
      locationId: 3,
      gameType: 1,
      startTime: "14:00",
      rounds: 1,
      players: 2,
      couponCode: voucher,
      firstName: "Mia",
      lastName: "Frei",
      street: "Seeweg 4",
      zip: "6300",
      city: "Zug",
      phone: "041 555 66 77",
      email: "mia@example.ch",
    },
  });
  expect(created.status()).toBe(200);
  const { code } = (await created.json()) as { code: string };
  await signIn(page);
  await cancelAtDesk(page, code);
  const card = page.locator(".result-card");
  await expect(card.getByText(`Die Reservierung ${code} wurde storniert.`)).toBeVisible();
  await expect(card.locator("dt", { hasText: "System" }).locator("+ dd")).toHaveText("Pixel Games");
  await expect(page.getByText("PIXEL_GAMES")).toHaveCount(0);

  await page.goto(`/admin?date=${date}`);
  await expect(page.getByText("Keine aktiven Buchungen an diesem Tag.")).toBeVisible();
  await expect(page.getByText("Keine Buchungen an diesem Tag.")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("storniert");
  await expectAccessible(page);
});

/** A free port for a second server whose public address (payment return links) must be known before it starts. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A second server of its own for the states that need what the suite's server cannot give: holds that
 * run out after one minute, and a closure on today. Every page and request of these tests goes to it
 * (baseURL), started once per project.
 */
const onSecondServer = test.extend<object, { secondServer: string }>({
  secondServer: [
    async ({}, use) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = spawnServer(
        baseEnv({
          NODE_ENV: "production",
          PORT: String(port),
          PUBLIC_URL: base,
          ALLOW_SIMULATED_PAYMENTS: "true",
          DATABASE_URL: "",
          SMTP_URL: "",
          HOLD_MINUTES: "1",
          // The hold must run out while the payment page is open: no provider-session floor here.
          PAYMENT_SESSION_HOLD_MINUTES: "0",
          ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
          ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        }),
      );
      await listening(server, 60_000);
      await use(base);
      await stop(server);
    },
    { scope: "worker" },
  ],
  baseURL: async ({ secondServer }, use) => use(secondServer),
});

onSecondServer("paid after the table went to another family: a refund, not a booking", async ({ page }) => {
  // The hold lasts one minute on this server; the test waits for it to run out.
  onSecondServer.setTimeout(180_000);
  const date = futureWeekday(6, 14);
  const party = { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 10 };
  // 30 persons: only the big table fits, so once another family has it, there is no other.
  await toContactStep(page, date, "10:00", party);
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();

  // The family leaves the payment page open; the hold runs out and another family books the table.
  const free = async () => {
    const slots = (await (await page.request.get(`/api/tables/available?date=${date}&count=30&offerId=1`)).json()) as { startTime: string; available: boolean }[];
    return slots.find((s) => s.startTime === "10:00")?.available ?? false;
  };
  await expect.poll(free, { timeout: 120_000, intervals: [2_000] }).toBe(true);
  const voucher = await createVoucher(page, 1000);
  const other = await page.request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime: "10:00", endTime: "" }],
      ...party,
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
  expect(other.status()).toBe(200);
  expect(await free()).toBe(false);

  // Now the first family pays after all.
  await page.bringToFront();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Termin nicht mehr verfügbar" })).toBeVisible();
  await expect(page.getByText("Der volle Betrag wird Ihnen zurückerstattet.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Kontaktdaten" })).toHaveCount(0);
  await expect(page.getByText("mia@example.ch")).toHaveCount(0);
  await expect(page.getByText(/10-20 Minuten/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Zurück zur Buchung" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Neue Buchung versuchen" })).toBeVisible();
  await expectAccessible(page);
});

onSecondServer("when today is closed, both calendars open on the next open day and mark today 'geschlossen'", async ({ page, javaScriptEnabled }) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date());
  // Birthdays and games take place Wednesday to Sunday (the seed's opening days).
  const open = (iso: string) => [0, 3, 4, 5, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());
  let next = today;
  do next = new Date(Date.parse(`${next}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  while (!open(next));

  await signIn(page);
  // Without a lead time, so the next open day is the expected one at any hour (with the seed's 24 hours,
  // a Saturday evening run would rightly open on Wednesday: Sunday's last start lies within the lead time).
  await page.goto("/admin/einstellungen/angebote");
  if (javaScriptEnabled) await waitForHydration(page);
  const classic = page.locator("form").filter({ has: page.getByLabel("Vorlaufzeit online (Stunden, 0–720)") }).first();
  await classic.getByLabel("Vorlaufzeit online (Stunden, 0–720)").fill("0");
  await classic.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(classic.getByRole("status")).toBeVisible();
  await page.goto("/admin/einstellungen");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Vorlaufzeit Spiele online (Stunden)").fill("0");
  await page.getByRole("button", { name: "Regeln speichern" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.goto("/admin/einstellungen/schliessungen");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Von", { exact: true }).fill(today);
  await page.getByLabel("Grund (z. B. Weihnachten, Private Veranstaltung)").fill("Inventur");
  await page.getByRole("button", { name: "Schliessung speichern" }).click();
  await expect(page.getByRole("status")).toContainText("Schliessung gespeichert.");

  // Birthdays: the step opens on the next open day, not on today.
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await expect(page.locator("input[name=date]")).toHaveValue(next);
  await expect(page.locator(".calendar a[aria-current=date]")).not.toHaveAttribute("aria-label", /geschlossen/);
  await page.goto(`/find-slot?offerId=1&date=${today}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=0`);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveAttribute("aria-label", /\(geschlossen\)$/);
  await expect(page.getByText("An diesem Tag haben wir geschlossen.")).toBeVisible();
  await expect(page.getByText("– Inventur")).toBeVisible();
  await expect(page.getByText("Alle Tische ausgebucht")).toHaveCount(0);
  await expectAccessible(page);

  // Games: /date opens on the same next open day and marks today too.
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await expect(page.getByRole("link", { name: "Weiter" })).toHaveAttribute("href", `/slot?date=${next}`);
  await expect(page.locator(".calendar a[aria-current=date]")).not.toHaveAttribute("aria-label", /geschlossen/);
  await page.goto(`/date?day=7&locationId=3&date=${today}`);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveAttribute("aria-label", /\(geschlossen\)$/);
  await expect(page.getByText("geschlossen (Inventur)", { exact: false })).toBeVisible();
  await expectAccessible(page);
});
