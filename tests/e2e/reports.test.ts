import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test } from "./helpers";

/**
 * Issue #31 §5: the manager reads the reports of a period chosen in the URL — each chart beside its
 * table, each report as CSV — and a wrong period is explained. With and without JavaScript, axe,
 * 320 px and 1280 px.
 */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the manager reads the period's reports, downloads one as CSV, and is told about a wrong period", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Mitarbeiterbereich" }).getByRole("link", { name: "Berichte" }).click();
  await expect(page).toHaveURL(/\/admin\/berichte$/);
  await expect(page.getByRole("heading", { name: "Berichte" })).toBeVisible();
  // Without a period: the current month so far, grouped by day.
  await expect(page.getByLabel("Gruppiert nach")).toHaveValue("day");
  for (const title of ["Umsatz", "Nach Zahlungsart", "Nach Angebot", "MWST", "Offene Gutscheine", "Offene Beträge", "Auslastung nach Wochentag und Startzeit", "Stornierungen und Nichterscheinen", "Vorlaufzeit (Buchung bis Termin)"]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Umsatz \(Diagramm/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Auslastung nach Wochentag und Startzeit \(Diagramm/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "MWST" })).toContainText("Total");
  await expectAccessible(page);
  await expectFitsPhone(page);

  // A chosen period stays in the URL (bookmarkable).
  await page.getByLabel("Von", { exact: true }).fill("2026-01-01");
  await page.getByLabel("Bis", { exact: true }).fill("2026-12-31");
  await page.getByLabel("Gruppiert nach").selectOption("month");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/\/admin\/berichte\?from=2026-01-01&to=2026-12-31&gruppe=month$/);
  await expect(page.getByRole("table", { name: "Umsatz" })).toContainText("Dezember 2026");

  const csvLink = page.getByRole("link", { name: "MWST als CSV" });
  const response = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await response.text()).toContain("Satz;Umsatz inkl. MWST;MWST;Umsatz ohne MWST");

  await page.goto("/admin/berichte?from=2026-12-31&to=2026-01-01");
  await expect(page.getByText("Das Datum «bis» darf nicht vor dem Datum «von» liegen.")).toBeVisible();
  await expect(page.getByLabel("Bis", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  expect((await page.request.get("/admin/berichte.csv?bericht=nichts")).status()).toBe(400);
});
