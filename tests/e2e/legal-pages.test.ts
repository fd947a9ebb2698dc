import { expect, expectAccessible, test } from "./helpers";

/** Issue #28 §2: every family page's footer links the AGB, the Impressum and the Datenschutzerklärung. */
for (const width of [320, 1280]) {
  test(`the footer's legal pages exist and show the venue's identity at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/offers");
    const footer = page.getByRole("contentinfo");
    for (const [link, heading, text] of [
      // The manager may have saved their own Impressum (tests/e2e/legal-texts.test.ts does): the heading is what stays.
      ["Impressum", "Impressum", null],
      ["Datenschutz", "Datenschutzerklärung", "Datatrans AG"],
      ["AGB", "Allgemeine Geschäftsbedingungen", "Bei späterer Absage oder Nichterscheinen wird der Betrag nicht zurückerstattet."],
    ] as const) {
      await page.goto("/offers");
      await footer.getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (text) {
        await expect(page.getByRole("main").getByText(text, { exact: false }).first()).toBeVisible();
        // The venue's phone is a link to call it, on one line.
        const phone = page.getByRole("main").getByRole("link", { name: "+41 44 555 12 34" }).first();
        await expect(phone).toHaveAttribute("href", "tel:+41445551234");
        await expect(phone).toHaveCSS("white-space", "nowrap");
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
}

test("the footer's legal links keep the page's language (issue #33 §2)", async ({ page }) => {
  for (const [link, path, heading] of [
    ["CG", "/fr/agb", "Conditions générales"],
    ["Mentions légales", "/fr/impressum", "Mentions légales"],
    ["Protection des données", "/fr/datenschutz", "Déclaration de protection des données"],
  ] as const) {
    await page.goto("/fr/offers");
    await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
});
