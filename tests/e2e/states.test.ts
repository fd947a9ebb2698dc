import type { Page } from "@playwright/test";
import { createVoucher, expect, expectAccessible, futureWeekday, test } from "./helpers";

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
});

test("'Zurück zur Buchung' after a failed payment leads back to the contact data", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(0, javaScriptEnabled ? 91 : 98);
  await toContactStep(page, date, "16:00");
  await fillContact(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Fehler simulieren" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung fehlgeschlagen" })).toBeVisible();
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
  const date = futureWeekday(0, javaScriptEnabled ? 105 : 112);
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
  const paid = await other.request.post(new URL(other.url()).pathname, { form: { outcome: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  await other.close();

  await page.bringToFront();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page).toHaveURL(/\/payment\/success$/);
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toHaveCount(0);
  const slots = await page.request.get(`/api/tables/available?date=${date}&count=7&offerId=1`);
  expect(((await slots.json()) as { startTime: string; available: boolean }[]).some((s) => s.startTime === "18:00")).toBe(true);
});

test("closed days are marked in the calendars, and a closed day says 'geschlossen', not 'ausgebucht'", async ({ page }) => {
  const monday = futureWeekday(1, 7);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  // The step opens on a day a party can still start: never a Monday or Tuesday.
  const opened = await page.locator(".calendar a[aria-current=date]").getAttribute("aria-label");
  expect(opened).not.toMatch(/^(Montag|Dienstag)|geschlossen/);
  await expect(page.locator(".calendar-legend")).toContainText("geschlossen");
  await page.goto(`/find-slot?offerId=1&date=${monday}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=0`);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveAttribute("aria-label", /\(geschlossen\)$/);
  await expect(page.getByText("An diesem Tag ist Fun World geschlossen.")).toBeVisible();
  await expect(page.getByText("Alle Tische ausgebucht")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await expect(page.getByText(/^Gewählt: (Mittwoch|Donnerstag|Freitag|Samstag|Sonntag),/)).toBeVisible();
  await page.goto(`/date?day=7&locationId=3&date=${monday}`);
  await expect(page.getByText(/an diesem Tag ist Fun World geschlossen/)).toBeVisible();
  await expectAccessible(page);
});
