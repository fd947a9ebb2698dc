import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../../playwright.config";
import { expect, expectAccessible, test as base } from "./helpers";

/**
 * The page ships no JavaScript, so a refused sign-in comes back as the page itself with HTTP 401,
 * which Chromium reports as one console error in both projects: that one is expected, nothing else.
 */
const test = base.extend({
  // Overrides the shared check (keeping it automatic).
  failOnConsoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await use();
    const refusal = /^Failed to load resource: the server responded with a status of 401\b/;
    expect(errors.filter((e) => !refusal.test(e)), "console errors in the page").toEqual([]);
    expect(errors.filter((e) => refusal.test(e)).length, "refused sign-ins").toBeLessThanOrEqual(1);
  },
});

test("staff sign in: a wrong password is refused, the right one opens the staff area", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Anmeldung für Mitarbeitende" })).toBeVisible();
  await expect(page.getByLabel("E-Mail")).toHaveAttribute("autocomplete", "username");
  await expect(page.getByLabel("Passwort")).toHaveAttribute("autocomplete", "current-password");
  await expectAccessible(page);

  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText("E-Mail oder Passwort ist falsch.");
  await expect(page.getByLabel("E-Mail")).toHaveValue("admin");
  await expect(page.getByLabel("Passwort")).toHaveValue("");
  await expectAccessible(page);

  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/admin`);
});
