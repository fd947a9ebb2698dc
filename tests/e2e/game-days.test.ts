import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./helpers";

/** Ticks or unticks "Spiele buchbar" for Monday on the opening hours page and saves. */
async function setMondayGames(page: Page, on: boolean, javaScriptEnabled: boolean) {
  await page.goto("/admin/einstellungen/oeffnungszeiten");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("group", { name: "Montag" }).getByLabel("Spiele buchbar").setChecked(on);
  await page.getByRole("button", { name: "Öffnungszeiten speichern", exact: true }).click();
  await expect(page.getByText("Öffnungszeiten gespeichert.")).toBeVisible();
}

async function expectFitsAndAccessible(page: Page) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  }
}

test("the game pages name the game days staff set, not a list fixed in the source", async ({ page, javaScriptEnabled }) => {
  // The seed's rules read as the spec words them.
  await page.goto("/game?locationId=4");
  await expect(page.getByText("Tag frei wählbar (Mittwoch bis Sonntag)")).toBeVisible();
  await expect(page.getByText("Buchbar Mittwoch bis Sonntag")).toBeVisible();
  await page.goto("/birthday?locationId=4");
  await expect(page.getByRole("link", { name: "Montag" })).toHaveCount(0);

  await page.goto("/admin/einstellungen/oeffnungszeiten");
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Öffnungszeiten pro Wochentag", level: 2 })).toBeVisible();

  await setMondayGames(page, true, javaScriptEnabled);
  try {
    await page.goto("/game?locationId=4");
    await expect(page.getByText("Tag frei wählbar (Montag und Mittwoch bis Sonntag)")).toBeVisible();
    await expect(page.getByText("Buchbar Montag und Mittwoch bis Sonntag")).toBeVisible();
    await expectFitsAndAccessible(page);
    await page.goto("/birthday?locationId=4");
    const monday = page.getByRole("link", { name: "Montag" });
    await expect(monday).toHaveAttribute("href", "/date?day=1&locationId=4");
    await expectFitsAndAccessible(page);
  } finally {
    await setMondayGames(page, false, javaScriptEnabled);
  }
  await page.goto("/birthday?locationId=4");
  await expect(page.getByRole("link", { name: "Montag" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Mittwoch" })).toBeVisible();
});
