import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, expectAccessible, test } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

/**
 * The venue translates its own words (issue #33 §2): one offer point per project and language (it with
 * JavaScript, en without), so the two projects never write the same row; removed again at the end, so
 * other tests read the German as before.
 */
test("a manager translates an offer's point; the family's page shows it in its language, the rest marked German", async ({ page }) => {
  const [lang, name, translated] = jsOn() ? (["it", "Italienisch", "Tavolo di compleanno riservato"] as const) : (["en", "Englisch", "Reserved birthday table"] as const);
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto(`/admin/einstellungen/uebersetzungen?sprache=${lang}`);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Übersetzungen", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  // The point's field is the one described by its German text.
  const pointField = page.locator(".translation-field", { hasText: "Deutsch: Reservierter Geburtstagstisch" }).getByRole("textbox");
  await expect(pointField).toHaveAttribute("lang", `${lang}-CH`);
  await expect(page.locator(".translation-field", { hasText: "Deutsch: Reservierter Geburtstagstisch" }).getByText("Leistung von «Geburtstag Classic»")).toBeVisible();
  await expectNoSideways(page);
  await expectAccessible(page);

  await pointField.fill(translated);
  await page.getByRole("button", { name: "Übersetzungen speichern" }).click();
  await expect(page.getByText("Die Übersetzungen sind gespeichert.")).toBeVisible();
  await expect(page.locator(".translation-field", { hasText: "Deutsch: Reservierter Geburtstagstisch" }).getByRole("textbox")).toHaveValue(translated);

  await page.goto(`/${lang}/offers`);
  const point = page.locator("li", { hasText: translated });
  await expect(point).toBeVisible();
  expect(await point.getAttribute("lang")).toBeNull();
  // An untranslated point of the same offer stays German, marked so.
  await expect(page.locator("li", { hasText: "2 Stunden Spielspass in der ganzen Halle" })).toHaveAttribute("lang", "de-CH");
  await expectNoSideways(page);
  await expectAccessible(page);
  // On the German page the German is as typed.
  await page.goto("/offers");
  await expect(page.getByText("Reservierter Geburtstagstisch").first()).toBeVisible();

  // Emptied: the German shows again on the family's page.
  await page.goto(`/admin/einstellungen/uebersetzungen?sprache=${lang}`);
  await page.locator(".translation-field", { hasText: "Deutsch: Reservierter Geburtstagstisch" }).getByRole("textbox").fill("");
  await page.getByRole("button", { name: "Übersetzungen speichern" }).click();
  await expect(page.getByText("Die Übersetzungen sind gespeichert.")).toBeVisible();
  await page.goto(`/${lang}/offers`);
  await expect(page.locator("li", { hasText: "Reservierter Geburtstagstisch" }).first()).toHaveAttribute("lang", "de-CH");
});
