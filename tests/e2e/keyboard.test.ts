import type { Locator, Page } from "@playwright/test";
import { expect, futureWeekday, test } from "./helpers";

/** Presses Tab until the locator has focus, as a keyboard user would; fails if it is unreachable. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target.toString()} with the Tab key`);
}

/** Runs in the "js" project only (see playwright.config.ts): reading the focus needs script in the page. */
test("the offers path to the contact step works with the keyboard alone", async ({ page }) => {
  const date = futureWeekday(3, 35);
  await page.goto("/");
  await tabTo(page, page.getByRole("link", { name: "Jetzt reservieren!" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/offers$/);

  await tabTo(page, page.getByRole("radio", { name: /Geburtstag Classic/ }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Weiter" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/find-slot/);

  // The calendar: month steps and day links.
  const day = page.getByRole("link", {
    name: new Intl.DateTimeFormat("de-CH", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`)),
    exact: true,
  });
  const monthHeading = page.locator(".calendar-head h2");
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) {
    const shown = await monthHeading.textContent();
    await tabTo(page, page.getByRole("link", { name: "Nächster Monat" }));
    await page.keyboard.press("Enter");
    // Wait for the next month itself: after the first step the URL already has `month=`, so waiting
    // for the URL let the loop look (and step again) before the new month arrived.
    await expect(monthHeading).not.toHaveText(shown ?? "");
  }
  // The month is one tab stop (issue #28 §5): Tab reaches one day, the arrow keys the others.
  const days = page.locator(".calendar tbody a");
  await expect(days.and(page.locator(":not([tabindex='-1'])"))).toHaveCount(1);
  await tabTo(page, days.and(page.locator(":not([tabindex='-1'])")));
  const target = await day.getAttribute("data-date");
  for (let i = 0; i < 12; i++) {
    const at = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? "");
    if (at === target) break;
    const diff = (Date.parse(target!) - Date.parse(at)) / 86_400_000;
    await page.keyboard.press(Math.abs(diff) >= 7 ? (diff > 0 ? "ArrowDown" : "ArrowUp") : diff > 0 ? "ArrowRight" : "ArrowLeft");
  }
  await expect(day).toBeFocused();
  // The day moved to keeps the tab stop: Shift+Tab out and Tab back in lands on it again.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(day).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(day).toHaveAttribute("aria-current", "date");
  await expect(days.and(page.locator(":not([tabindex='-1'])"))).toHaveCount(1);

  await tabTo(page, page.getByRole("button", { name: "Kinder: eins mehr" }));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("2");
  const slot = page.getByRole("radio", { name: /^14:00 - 16:00/ });
  await expect(slot).toBeEnabled();
  await tabTo(page, page.locator("input[name=slot]:not([disabled])").first());
  // Arrow keys move within the radio group, as in any native group.
  while (!(await slot.evaluate((el) => el === document.activeElement))) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  await expect(page.getByRole("heading", { name: "Ihr Termin" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Weiter zur Datenerfassung" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/enter-data$/);

  await tabTo(page, page.getByLabel("Vorname"));
  await page.keyboard.type("Tom");
  await tabTo(page, page.getByLabel(/Ich akzeptiere die/));
  await page.keyboard.press("Space");
  await expect(page.getByLabel(/Ich akzeptiere die/)).toBeChecked();
});
