import { expect, futureWeekday, holdScripts, signIn, test, waitForHydration } from "./helpers";

// A visitor on a slow phone types while the page's scripts are still loading; hydration must keep it.
// (JS project only, see playwright.config.ts.)

test("a booking code typed before the staff page hydrated is kept and sent", async ({ page }) => {
  await signIn(page);
  const scripts = await holdScripts(page);
  // Module scripts delay even DOMContentLoaded, so wait only for the response.
  await page.reload({ waitUntil: "commit" });
  await page.getByLabel("Buchungscode").fill("FW-XXXXXX");
  await scripts.release();
  // Hydrated: Zurücksetzen turns from a link into a reset button.
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toBeVisible();
  await expect(page.getByLabel("Buchungscode")).toHaveValue("FW-XXXXXX");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".toast-error")).toContainText("Keine Reservierung mit dem Buchungscode FW-XXXXXX gefunden.");
});

test("counts typed before the slot page hydrated are kept and searched", async ({ page }) => {
  const date = futureWeekday(6, 35);
  const scripts = await holdScripts(page);
  await page.goto(`/find-slot?offerId=1&date=${date}`, { waitUntil: "commit" });
  await page.getByLabel("Kinder", { exact: true }).fill("6");
  await scripts.release();
  await expect(page.getByRole("button", { name: "Kinder: eins mehr" })).toHaveAttribute("type", "button");
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("6");
  await expect(page).toHaveURL(/numChildren=6/);
  await expect(page.getByRole("radio", { name: /^10:00 - 12:00/ })).toBeEnabled();
});

test("with JavaScript, calendar days change the date in place and keep the counts", async ({ page }) => {
  const date = futureWeekday(0, 35);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=5`);
  await expect(page.getByRole("button", { name: "Kinder: eins mehr" })).toHaveAttribute("type", "button");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("link", { name: "Nächster Monat" }).click();
  await expect(page).toHaveURL(/month=/);
  await page.locator(".calendar a[aria-label]").filter({ hasText: /^15$/ }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-15/);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveText("15");
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("5");
  // Still the same document: the navigation happened in the app, not by a reload.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("an offer chosen before the page hydrated keeps Weiter enabled", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/offers", { waitUntil: "commit" });
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await scripts.release();
  await waitForHydration(page);
  const next = page.getByRole("button", { name: "Weiter" });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/find-slot/);
});
