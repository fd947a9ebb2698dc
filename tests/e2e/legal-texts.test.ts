import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

for (const width of [320, 1280]) {
  test(`the public legal pages render at ${width} px without overflow and pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, title] of [
      ["/agb", "Allgemeine Geschäftsbedingungen"],
      ["/agb/0", "Allgemeine Geschäftsbedingungen"],
      ["/impressum", "Impressum"],
      ["/datenschutz", "Datenschutzerklärung"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.locator("article.legal-text")).not.toContainText("{");
      await expectNoSideways(page);
      await expectAccessible(page);
    }
  });
}

test("an unknown AGB version is a German 404", async ({ page }) => {
  const response = await page.goto("/agb/99999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Diese Version der AGB gibt es nicht.")).toBeVisible();
});

for (const width of [320, 1280]) {
  test(`a manager previews, is refused an unknown placeholder, and saves a new Impressum version at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/einstellungen/texte");
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel("E-Mail").fill("admin");
    await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("heading", { name: "Rechtstexte", level: 1 })).toBeVisible();
    if (jsOn()) await waitForHydration(page);
    await expectNoSideways(page);
    await expectAccessible(page);

    const section = page.getByRole("region", { name: "Impressum" });
    const body = section.getByLabel(/^Text/);
    await body.fill("## Betreiber\n\n{name} {foo}");
    await section.getByRole("button", { name: "Neue Version speichern" }).click();
    const refused = page.getByRole("region", { name: "Impressum" });
    await expect(refused.getByText(/Unbekannter Platzhalter \{foo\}\. Erlaubt sind: \{name\}/)).toBeVisible();
    await expect(refused.getByLabel(/^Text/)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    const marker = `Testbetrieb ${width} ${test.info().project.name} ${Date.now()}`;
    await refused.getByLabel(/^Text/).fill(`## Betreiber\n\n**${marker}** bei {name}\n\n<script>alert(1)</script>`);
    await refused.getByRole("button", { name: "Vorschau" }).click();
    const preview = page.getByRole("region", { name: "Vorschau Impressum" });
    await expect(preview.locator("strong")).toHaveText(marker);
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview).toContainText("Fun World");

    await page.getByRole("region", { name: "Impressum" }).getByRole("button", { name: "Neue Version speichern" }).click();
    await expect(page.getByText(/Gespeichert als Version \d+\./)).toBeVisible();
    await expectNoSideways(page);

    await page.goto("/impressum");
    await expect(page.locator("article.legal-text strong")).toHaveText(marker);
    await expect(page.locator("article.legal-text")).toContainText("<script>alert(1)</script>");
    await expect(page.locator("article.legal-text script")).toHaveCount(0);
  });
}
