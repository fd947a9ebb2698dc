import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration } from "./helpers";

/**
 * Issue #31 §4: the manager creates a promo code (a wrong entry is explained field by field); a family
 * types it into the voucher box, sees the discount as a price line and books at the lower price. With
 * and without JavaScript, axe, a 320 px phone.
 */
const CONTACT = { Vorname: "Pia", Nachname: "Aktion", "Strasse und Hausnummer": "Rabattweg 5", PLZ: "8400", Ort: "Winterthur", Telefon: "052 222 33 66" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a promo code made by the manager lowers a family's price through the voucher box", async ({ page, javaScriptEnabled }) => {
  const code = javaScriptEnabled ? "E2EJS10" : "E2ENOJS10";
  await signIn(page);
  await page.goto("/admin/einstellungen/aktionscodes");
  if (javaScriptEnabled) await waitForHydration(page);
  await expectAccessible(page);
  await expectFitsPhone(page);
  const form = page.getByRole("region", { name: "Neuer Aktionscode" });
  await form.getByLabel("Code (z. B. SOMMER10)").fill("x");
  await form.getByLabel("Rabatt (Prozent oder CHF)").fill("120");
  await form.getByRole("button", { name: "Aktionscode anlegen" }).click();
  await expect(form.getByText("Bitte geben Sie einen Code aus 4 bis 20 Buchstaben, Ziffern oder Bindestrichen ein (z. B. SOMMER10).")).toBeVisible();
  await expect(form.getByText("Bitte geben Sie einen Rabatt von 1 bis 100 Prozent ein (höchstens zwei Nachkommastellen).")).toBeVisible();
  await form.getByLabel("Code (z. B. SOMMER10)").fill(code.toLowerCase());
  await form.getByLabel("Rabatt (Prozent oder CHF)").fill("10");
  await form.getByRole("button", { name: "Aktionscode anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Aktionscode ${code} angelegt (10 %).`);
  const row = page.getByRole("table", { name: "Alle Aktionscodes" }).getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("alle Angebote");
  await expect(row).toContainText("aktiv");

  // 5 children × CHF 29 + 1 accompanying adult × CHF 5 = CHF 150; 10 % = CHF 15.
  const date = futureWeekday(5, javaScriptEnabled ? 315 : 322);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=5&numActiveAdults=0&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("pia@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("pia@example.ch");
  await page.getByLabel("Gutscheincode").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText(`Aktionscode ${code} eingelöst: 10 % Rabatt.`)).toBeVisible();
  const summary = page.getByRole("region", { name: "Ihre Buchung" });
  await expect(summary).toContainText(`Rabatt: Aktionscode ${code}`);
  await expect(summary.locator("dd.total")).toHaveText("CHF 135.00");
  // What was typed survives the check (without JavaScript it was a round trip).
  await expect(page.getByLabel("Vorname", { exact: false }).first()).toHaveValue("Pia");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await expect(page.getByText(`Rabatt: Aktionscode ${code}`)).toBeVisible();
  await expect(page.locator("dd.total").first()).toHaveText("CHF 135.00");

  await page.goto("/admin/einstellungen/aktionscodes");
  await expect(page.getByRole("table", { name: "Alle Aktionscodes" }).getByRole("row").filter({ hasText: code })).toContainText("1 bestätigt, Rabatt total CHF 15.00");
});
