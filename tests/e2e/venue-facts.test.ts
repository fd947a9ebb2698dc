import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, test, waitForHydration } from "./helpers";

/** Monday's closing time on the settings page (Monday has no birthdays or games: no booking test is affected). */
async function setMondayClose(page: Page, time: string, javaScriptEnabled: boolean) {
  await page.goto("/admin/einstellungen/oeffnungszeiten");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("group", { name: "Montag" }).getByLabel("Schliesst").fill(time);
  await page.getByRole("button", { name: "Öffnungszeiten speichern", exact: true }).click();
  await expect(page.getByText("Öffnungszeiten gespeichert.")).toBeVisible();
}

test("opening hours staff set reach the landing page, the AGB and the payment error page at once", async ({ page, javaScriptEnabled }) => {
  await page.goto("/admin/einstellungen/oeffnungszeiten");
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Öffnungszeiten pro Wochentag", level: 2 })).toBeVisible();

  // With the seed's hours, the spec's own words.
  await page.goto("/payment/error");
  await expect(page.getByRole("main").getByText("Öffnungszeiten: Mo-So 10:00-22:00")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText("Öffnungszeiten: Mo-So 10:00-22:00")).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("Geöffnet Mo-So 10:00-22:00 · Geburtstage Mittwoch bis Sonntag")).toBeVisible();

  await setMondayClose(page, "21:00", javaScriptEnabled);
  try {
    const line = "Mo 10:00-21:00, Di-So 10:00-22:00";
    await page.goto("/");
    await expect(page.getByText(`Geöffnet ${line} · Geburtstage Mittwoch bis Sonntag`)).toBeVisible();
    await page.goto("/payment/error");
    await expect(page.getByRole("main").getByText(`Öffnungszeiten: ${line}`)).toBeVisible();
    // Every family page's footer too: generated from the same rows, never a sentence of its own.
    await expect(page.getByRole("contentinfo").getByText(`Öffnungszeiten: ${line}`)).toBeVisible();
    await page.goto("/agb");
    await expect(page.getByText(`Öffnungszeiten ${line}`)).toBeVisible();
    // The hold time and the self-service limit as set (the defaults here).
    await expect(page.getByText(/während 20 Minuten freigehalten/)).toBeVisible();
    await expect(page.getByText(/bis 48 Stunden vor dem Termin kostenlos möglich/)).toBeVisible();
  } finally {
    await setMondayClose(page, "22:00", javaScriptEnabled);
  }
  await page.goto("/");
  await expect(page.getByText("Geöffnet Mo-So 10:00-22:00 · Geburtstage Mittwoch bis Sonntag")).toBeVisible();
});
