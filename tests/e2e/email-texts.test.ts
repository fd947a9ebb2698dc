import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

for (const width of [320, 1280]) {
  test(`a manager edits the reminder's texts: refused placeholder, preview, save, restore the default at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/einstellungen/e-mail-texte?art=erinnerung");
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel("E-Mail").fill("admin");
    await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("heading", { name: "E-Mail-Texte", level: 1 })).toBeVisible();
    if (jsOn()) await waitForHydration(page);
    const section = () => page.getByRole("region", { name: "Erinnerung" });
    await expect(section().getByText("Es gilt der Standardtext.")).toBeVisible();
    await expect(section().getByLabel("Einleitung (mit Anrede)")).toHaveValue(/^Guten Tag \{vorname\} \{nachname\}/);
    await expectNoSideways(page);
    await expectAccessible(page);

    await section().getByLabel("Einleitung (mit Anrede)").fill("Hallo {vorname} {kind}");
    await section().getByRole("button", { name: "Speichern" }).click();
    await expect(section().getByText(/Unbekannter Platzhalter \{kind\}\. Erlaubt sind: \{vorname\}/)).toBeVisible();
    await expect(section().getByLabel("Einleitung (mit Anrede)")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    const marker = `Bald ist Party ${width} ${test.info().project.name}`;
    await section().getByLabel("Einleitung (mit Anrede)").fill(`Hallo {vorname}\n\n${marker} am {datum} bei {name}!`);
    await section().getByLabel("Schluss (mit Grussformel)").fill("Bis bald\nEuer Team");
    await section().getByRole("button", { name: "Vorschau" }).click();
    const preview = page.getByRole("region", { name: "Vorschau mit einer Beispielbuchung" });
    await expect(preview).toContainText(`Hallo Anna\n\n${marker} am `);
    await expect(preview).toContainText("bei Fun World!");
    await expect(preview).toContainText("Betreff: Erinnerung an Ihren Termin");
    await expect(preview).toContainText("FW-MUSTER");
    await expectNoSideways(page);

    await section().getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert. Neue E-Mails verwenden diesen Text ab sofort.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Erinnerung (angepasst)" })).toHaveAttribute("aria-current", "page");
    await expect(section().getByLabel("Einleitung (mit Anrede)")).toHaveValue(`Hallo {vorname}\n\n${marker} am {datum} bei {name}!`);

    await section().getByRole("button", { name: "Standardtext wiederherstellen" }).click();
    await expect(page.getByText("Standardtext wiederhergestellt. Neue E-Mails verwenden ihn ab sofort.")).toBeVisible();
    await expect(section().getByText("Es gilt der Standardtext.")).toBeVisible();
    await expect(section().getByLabel("Einleitung (mit Anrede)")).toHaveValue(/^Guten Tag \{vorname\} \{nachname\}/);
    await expect(page.getByRole("link", { name: "Erinnerung", exact: true })).toBeVisible();
  });
}

test("a manager keeps a text per language: the family's language's default, a text of its own, back to the default (issue #33)", async ({ page }) => {
  // One language per project, so the two projects never edit the same row at once.
  const [lang, name, hello, subject] = jsOn() ? (["it", "Italienisch", "Buongiorno {vorname}", "Betreff: Il Suo link alla prenotazione"] as const) : (["en", "Englisch", "Dear {vorname}", "Betreff: Your link to booking"] as const);
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto("/admin/einstellungen/e-mail-texte?art=link-zur-buchung");
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.getByRole("navigation", { name: "Sprache der Texte" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`art=link-zur-buchung&sprache=${lang}`));
  if (jsOn()) await waitForHydration(page);
  const section = () => page.getByRole("region", { name: `Link zur Buchung (${name})` });
  await expect(section().getByText(`Es gilt der Standardtext auf ${name}.`)).toBeVisible();
  const intro = () => section().getByLabel("Einleitung (mit Anrede)");
  await expect(intro()).toHaveValue(new RegExp(`^${hello.replace(/[{}]/g, "\\$&")}`));
  await expect(intro()).toHaveAttribute("lang", `${lang}-CH`);
  await expectNoSideways(page);
  await expectAccessible(page);

  await section().getByRole("button", { name: "Vorschau" }).click();
  await expect(page.getByRole("region", { name: "Vorschau mit einer Beispielbuchung" })).toContainText(subject);

  await intro().fill(`${hello}\n\nTesto ${lang} {buchungscode}`);
  await section().getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Gespeichert. Neue E-Mails verwenden diesen Text ab sofort.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Link zur Buchung (angepasst)" })).toHaveAttribute("href", new RegExp(`sprache=${lang}`));
  await section().getByRole("button", { name: "Standardtext wiederherstellen" }).click();
  await expect(section().getByText(`Es gilt der Standardtext auf ${name}.`)).toBeVisible();
});

test("without a manager session the e-mail texts page sends to the login", async ({ request }) => {
  const response = await request.get("/admin/einstellungen/e-mail-texte", { maxRedirects: 0 });
  expect([302, 303]).toContain(response.status());
});
