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

/**
 * German words that must not show outside what is marked `lang="de-CH"`: a copy of
 * languages.test.ts's `germanLeaks` (Playwright refuses a test file importing another test file;
 * moving it to helpers.ts would let both share it).
 */
const GERMAN_TELLTALES = [
  "Weiter", "Zurück", "Bitte", "wählen", "Kinder", "Kind", "Erwachsene", "Datum", "Zeit", "Uhr", "Buchung", "Angebot", "Zahlung", "Gutschein",
  "Startseite", "geschlossen", "verwalten", "Öffnungszeiten", "Telefon", "Kontakt", "Termin", "Personen", "und", "oder", "für", "mit", "pro", "bis", "Sie", "Ihre", "Ihr",
];

async function germanLeaks(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('[lang="de-CH"], [lang="de"], script, style, template, noscript').forEach((e) => e.remove());
    const texts = [clone.textContent ?? "", document.title];
    clone.querySelectorAll("[aria-label], [title], [placeholder], [alt], [value]").forEach((e) => {
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        const v = e.getAttribute(a);
        if (v) texts.push(v);
      }
      if (e instanceof HTMLInputElement && (e.type === "submit" || e.type === "button")) texts.push(e.value);
    });
    const all = texts.join("\n").replace(/\s+/g, " ");
    return words.flatMap((w) => {
      const m = new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").exec(all);
      return m ? [`${w}: …${all.slice(Math.max(0, m.index - 40), m.index + w.length + 40)}…`] : [];
    });
  }, GERMAN_TELLTALES);
}

test("a manager saves a French translation; the French page shows it as a translation, without German (issue #33 §2)", async ({ page }) => {
  // One text per project, so the two projects never revise the same translation at once.
  const [title, publicPath, frenchTitle] = jsOn()
    ? (["Allgemeine Geschäftsbedingungen", "/fr/agb", "Conditions générales"] as const)
    : (["Datenschutzerklärung", "/fr/datenschutz", "Déclaration de protection des données"] as const);
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto("/admin/einstellungen/texte");
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.getByRole("navigation", { name: "Sprache der Texte" }).getByRole("link", { name: "Französisch" }).click();
  await expect(page).toHaveURL(/\/admin\/einstellungen\/texte\?sprache=fr$/);
  if (jsOn()) await waitForHydration(page);
  const section = () => page.getByRole("region", { name: `${title} (Französisch)` });
  await expect(section().getByText(/^Deutsche Fassung: /)).toBeVisible();
  const body = () => section().getByLabel(/^Text auf Französisch/);
  await expect(body()).toHaveAttribute("lang", "fr-CH");
  await expectNoSideways(page);
  await expectAccessible(page);

  await body().fill("## Conditions\n\nBonjour {foo}");
  await section().getByRole("button", { name: "Übersetzung speichern" }).click();
  await expect(section().getByText(/Unbekannter Platzhalter \{foo\}/)).toBeVisible();
  await expect(body()).toHaveAttribute("aria-invalid", "true");

  const marker = `Texte d’essai ${test.info().project.name} ${Date.now()}`;
  await body().fill(`## Conditions\n\n**${marker}** chez {name}, téléphone {telefon}. {storno_spaet}`);
  await section().getByRole("button", { name: "Vorschau" }).click();
  const preview = page.getByRole("region", { name: `Vorschau ${title} (Französisch)` });
  await expect(preview.locator("strong")).toHaveText(marker);
  await expect(preview).toContainText("chez Fun World");
  // The generated sentence is worded in French too.
  await expect(preview).not.toContainText("Absage");

  await section().getByRole("button", { name: "Übersetzung speichern" }).click();
  await expect(page.getByText(/Gespeichert: Übersetzung zu Version \d+, Revision \d+\./)).toBeVisible();
  await expect(section().getByText(/^Übersetzung zu Fassung \d+, Revision \d+/)).toBeVisible();
  await expect(body()).toHaveValue(new RegExp(marker));
  await expectAccessible(page);

  await page.goto(publicPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
  await expect(page.getByRole("heading", { level: 1, name: frenchTitle })).toBeVisible();
  await expect(page.getByText("Traduction. Seule la version allemande fait foi.")).toBeVisible();
  const article = page.locator("article.legal-text");
  await expect(article.locator("strong")).toHaveText(marker);
  await expect(article).not.toHaveAttribute("lang", "de-CH");
  expect(await germanLeaks(page)).toEqual([]);
  await expectNoSideways(page);
  await expectAccessible(page);
});

for (const width of [320, 1280]) {
  test(`an untranslated text is the German, marked, after a note in the page's language at ${width} px (issue #33 §2)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // No test translates the Impressum into Italian.
    const response = await page.goto("/it/impressum");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "it-CH");
    await expect(page.getByRole("heading", { level: 1, name: "Note legali" })).toBeVisible();
    await expect(page.getByText("Questo testo è disponibile solo in tedesco.")).toBeVisible();
    await expect(page.locator("article.legal-text")).toHaveAttribute("lang", "de-CH");
    await expect(page.locator("article.legal-text")).not.toContainText("{");
    expect(await germanLeaks(page)).toEqual([]);
    await expectNoSideways(page);
    await expectAccessible(page);

    const unknown = await page.goto("/fr/agb/99999");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText("Cette version des CG n’existe pas.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Afficher les CG actuelles" })).toHaveAttribute("href", "/fr/agb");
    expect(await germanLeaks(page)).toEqual([]);
  });
}
