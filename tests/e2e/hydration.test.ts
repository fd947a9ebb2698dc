import { expect, futureWeekday, holdScripts, signIn, test } from "./helpers";

// A visitor on a slow phone types while the page's scripts are still loading; hydration must keep it.
test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "only a page with JavaScript hydrates");
});

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
