import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_TOKEN } from "../../playwright.config";
import { cancelAtDesk, createVoucher, expect, expectAccessible, futureWeekday, signIn, test } from "./helpers";

/** A booking as a family makes it (API), paid in full by a voucher so it is confirmed at once. */
async function confirmedBooking(page: Page, date: string, start: string) {
  const voucher = await createVoucher(page, 1000);
  const response = await page.request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime: start, endTime: "" }],
      numChildren: 10,
      numActiveAdults: 10,
      numAccompanyingAdults: 5,
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

test("staff cancel a booking by code, its voucher is credited back (AGB §5), and the table is free again", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(javaScriptEnabled ? 4 : 5, 21);
  const start = javaScriptEnabled ? "16:00" : "17:00";
  const { code, voucher } = await confirmedBooking(page, date, start);
  await signIn(page);
  await expectAccessible(page);

  // The form's own rules, messages under their fields.
  await page.getByLabel("Buchungscode").fill("ab");
  await page.getByLabel("Stornierungsgrund (optional)").fill("kurz");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.getByText("Booking code must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Reason must be at least 5 characters if provided")).toBeVisible();

  await page.getByLabel("Buchungscode").fill(code.toLowerCase());
  if (javaScriptEnabled) await expect(page.getByLabel("Buchungscode")).toHaveValue(code);
  await page.getByLabel("Stornierungsgrund (optional)").fill("Familie ist krank");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  // First the preview (issue #29 §1): whose party, what goes back; nothing is cancelled yet.
  const preview = page.locator(".result-card");
  await expect(page.getByRole("heading", { name: "Stornierung prüfen" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "Stornierung prüfen" })).toBeFocused();
  await expect(preview).toContainText("Lea Brunner");
  await expect(preview).toContainText("10 Kinder, 15 Erwachsene");
  await expect(preview).toContainText("«Familie ist krank»");
  await expect(preview).toContainText(`${voucher} · CHF 595.00`);
  await expect(preview).toContainText("Kostenlos stornierbar (AGB §4) bis");
  await expect(page.getByRole("radio", { name: /Volle Rückerstattung/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Keine Rückerstattung/ })).not.toBeChecked();
  await expect(page.locator(".toast")).toHaveCount(0);
  await expectAccessible(page);
  const untouched = await page.request.get(`/api/vouchers/${voucher}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(((await untouched.json()) as { remainingValue: number }).remainingValue).toBe(405);
  await page.getByLabel("Interne Notiz (optional, nur für das Team)").fill("Rückruf der Mutter");
  await page.getByRole("button", { name: "Jetzt stornieren" }).click();
  const card = page.locator(".result-card");
  await expect(card.getByText(`Die Reservierung ${code} wurde storniert.`)).toBeVisible();
  await expect(card.getByText("Geburtstagsfeier")).toBeVisible();
  await expect(card.getByText("Lea Brunner")).toBeVisible();
  await expect(card.getByText("lea@example.ch")).toBeVisible();
  await expect(card.getByText(voucher)).toBeVisible();
  await expect(card.getByText("CHF 595.00")).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator(".toast-success")).toBeVisible();
  await expectAccessible(page);

  // The voucher part is back on the voucher at once: no "must be restored" warning, no button.
  await expect(card.getByText("dem Gutschein wieder gutgeschrieben (AGB §5)")).toBeVisible();
  await expect(page.getByText(/manuell wiederhergestellt werden/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Gutschein wiederherstellen" })).toHaveCount(0);
  const balance = await page.request.get(`/api/vouchers/${voucher}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(((await balance.json()) as { remainingValue: number }).remainingValue).toBe(1000);

  // Cancelling again changes nothing and says so.
  await page.getByLabel("Buchungscode").fill(code);
  await page.getByLabel("Stornierungsgrund (optional)").fill("");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "ist bereits storniert" }).first()).toBeVisible();

  // A bookmarkable step: the offer travels in the URL.
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=10&numActiveAdults=10&numAccompanyingAdults=5`);
  const endHour = String(Number(start.slice(0, 2)) + 2).padStart(2, "0");
  await expect(page.getByRole("radio", { name: new RegExp(`^${start} - ${endHour}:00`) })).toBeEnabled();
});

test("an unknown code shows the server's message", async ({ page }) => {
  await signIn(page);
  await page.getByLabel("Buchungscode").fill("FW-XXXXXX");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Keine Reservierung mit dem Buchungscode FW-XXXXXX gefunden." }).first()).toBeVisible();
});

test("the day overview lists the day's bookings by table", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(3, 28);
  const start = javaScriptEnabled ? "12:00" : "14:00";
  const { code } = await confirmedBooking(page, date, start);
  await page.goto(`/admin?date=${date}`);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?date=${date}`));
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Lea Brunner");
  await expect(row).toContainText(`${start}–${javaScriptEnabled ? "14:00" : "16:00"}`);
  await expect(row).toContainText("bestätigt");
  await expect(page.getByRole("table").filter({ has: row })).toContainText("Grosser Festtisch");
  await expectAccessible(page);
  await row.getByRole("link", { name: "Stornieren" }).click();
  await expect(page.getByLabel("Buchungscode")).toHaveValue(code);
  // The link opens the preview at once; still nothing is cancelled.
  await expect(page.getByRole("heading", { name: "Stornierung prüfen" })).toBeVisible();
  await page.getByRole("link", { name: "Abbrechen" }).click();
  await expect(page.getByRole("heading", { name: "Stornierung prüfen" })).toHaveCount(0);
  await page.goto(`/admin?date=${date}`);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("bestätigt");
});

test("staff may keep the money: «Keine Rückerstattung» leaves the voucher part with the venue and says so", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(javaScriptEnabled ? 4 : 5, 23);
  const { code, voucher } = await confirmedBooking(page, date, javaScriptEnabled ? "12:00" : "14:00");
  await signIn(page);
  await cancelAtDesk(page, code.toLowerCase(), { refund: /Keine Rückerstattung/ });
  const card = page.locator(".result-card");
  await expect(card.getByText(`Die Reservierung ${code} wurde storniert.`)).toBeVisible();
  await expect(card).toContainText("Stornogebühr einbehalten");
  await expect(card).toContainText("als Stornogebühr einbehalten, nicht gutgeschrieben");
  if (javaScriptEnabled) await expect(page.locator(".toast-success")).toBeVisible();
  const balance = await page.request.get(`/api/vouchers/${voucher}`, { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(((await balance.json()) as { remainingValue: number }).remainingValue).toBe(405);
  await expectAccessible(page);
});

test("an error toast goes when the next answer comes, and no toast covers the form", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "toasts are the JavaScript path's");
  await signIn(page);
  await page.getByLabel("Buchungscode").fill("FW-XXXXXX");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".toast-error")).toHaveCount(1);
  await page.getByLabel("Buchungscode").fill("FW-YYYYYY");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".toast-error")).toHaveCount(1);
  await expect(page.locator(".toast-error")).toContainText("FW-YYYYYY");
  const toast = await page.locator(".toasts").boundingBox();
  const form = await page.locator("form.card").first().boundingBox();
  expect(toast!.y).toBeGreaterThanOrEqual(form!.y + form!.height);
});

test("when the staff session has run out, cancelling leads to the sign-in and back", async ({ page, javaScriptEnabled }) => {
  await signIn(page);
  await page.context().clearCookies();
  await page.getByLabel("Buchungscode").fill("FW-ABC234");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/admin\/storno/);
  // With JavaScript the code typed is carried through the sign-in.
  if (javaScriptEnabled) await expect(page.getByLabel("Buchungscode")).toHaveValue("FW-ABC234");
});
