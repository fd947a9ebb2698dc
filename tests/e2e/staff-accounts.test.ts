import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_STAFF_EMAIL } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./helpers";

/** The manager's page for staff accounts (/admin/einstellungen/mitarbeitende), with JavaScript on and off. */
const PAGE = "/admin/einstellungen/mitarbeitende";
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Signs in on the way to `path` (the sign-in page of a protected path). */
async function signInAs(page: Page, email: string, password: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** A second browser (the new colleague's), with the project's JavaScript setting. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: jsOn(), baseURL: test.info().project.use.baseURL, locale: "de-CH", timezoneId: "Europe/Zurich" });
  return { context, page: await context.newPage() };
}

/** On the page with JavaScript, a marker on `window` survives a submission only when the page was not reloaded. */
async function markPage(page: Page) {
  if (jsOn()) await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
async function expectNotReloaded(page: Page) {
  if (jsOn()) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

const accountItem = (page: Page, email: string) => page.locator(".closure-item").filter({ has: page.getByRole("heading", { name: email, level: 3 }) });

test("a manager creates a staff account, changes its role, sets its password and disables it; each change reaches the colleague's open session", async ({ page, browser }) => {
  const email = `kollegin-${test.info().project.name}-${Date.now()}@funworld.test`;
  const password = "erstes-passwort-123";
  await signInAs(page, "admin", E2E_ADMIN_PASSWORD, PAGE);
  await expect(page.getByRole("heading", { name: "Benutzerkonten", level: 2 })).toBeVisible();
  // Reached from every settings page.
  await expect(page.getByRole("navigation", { name: "Einstellungen" }).getByRole("link", { name: "Benutzerkonten" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Alle Benutzerkonten" });
  await expect(table.getByRole("row").filter({ hasText: "admin (Ihr Konto)" })).toContainText("Leitung");
  await expect(table.getByRole("row").filter({ hasText: E2E_STAFF_EMAIL })).toContainText("Mitarbeitende");
  await expect(table.getByRole("row").filter({ hasText: E2E_STAFF_EMAIL })).toContainText(/aktiv\s*\d{2}\.\d{2}\.\d{4}/);
  if (jsOn()) await waitForHydration(page);

  // Wrong fields: a German message under each, the address kept, the password not sent back.
  await markPage(page);
  const emailField = page.getByLabel("E-Mail (Anmeldename)");
  const passwordField = page.getByLabel("Erstes Passwort (mindestens 10 Zeichen)");
  await emailField.fill("keine-adresse");
  await passwordField.fill("kurz");
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Das Passwort muss mindestens 10 Zeichen lang sein.")).toBeVisible();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(emailField).toHaveValue("keine-adresse");
  await expect(passwordField).toHaveValue("");
  expect(await page.content()).not.toContain('value="kurz"');
  await expectAccessible(page);

  // The role `Mitarbeitende` is chosen unless the manager says otherwise.
  await expect(page.getByRole("radio", { name: /^Mitarbeitende/ })).toBeChecked();
  await emailField.fill(email);
  await passwordField.fill(password);
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Konto ${email} mit der Rolle «Mitarbeitende» angelegt. Die Person meldet sich unter /admin/login an.`);
  await expect(table.getByRole("row").filter({ hasText: email })).toContainText("Mitarbeitende");
  await expect(emailField).toHaveValue("");
  await expect(passwordField).toHaveValue("");
  await expectNotReloaded(page);

  // The colleague signs in: the desk, not the manager's pages.
  const colleague = await otherBrowser(browser);
  try {
    await signInAs(colleague.page, email, password, "/admin");
    await expect(colleague.page.getByRole("heading", { name: "Tagesübersicht" })).toBeVisible();
    expect((await colleague.page.goto(PAGE))?.status()).toBe(403);
    await expect(colleague.page.getByRole("heading", { name: "403 – Kein Zugriff" })).toBeVisible();

    // Role `Leitung`: the colleague's open session may open the page on its next request.
    const item = accountItem(page, email);
    await item.getByLabel("Rolle", { exact: true }).selectOption({ label: "Leitung" });
    await item.getByRole("button", { name: "Rolle speichern" }).click();
    await expect(item.getByRole("status")).toHaveText(`${email} hat jetzt die Rolle «Leitung» (ab der nächsten Seite, ohne neue Anmeldung).`);
    await expect(table.getByRole("row").filter({ hasText: email })).toContainText("Leitung");
    expect((await colleague.page.goto(PAGE))?.status()).toBe(200);
    await expect(colleague.page.getByRole("heading", { name: "Benutzerkonten", level: 2 })).toBeVisible();
    await item.getByLabel("Rolle", { exact: true }).selectOption({ label: "Mitarbeitende" });
    await item.getByRole("button", { name: "Rolle speichern" }).click();
    await expect(item.getByRole("status")).toContainText("hat jetzt die Rolle «Mitarbeitende»");

    // A new password ends the colleague's session (the page says so beside the field).
    await expect(item.getByText(/^Beendet alle offenen Sitzungen dieses Kontos:/)).toBeVisible();
    const newPassword = item.getByLabel("Neues Passwort (mindestens 10 Zeichen)");
    await newPassword.fill("zu-kurz");
    await item.getByRole("button", { name: "Passwort setzen" }).click();
    await expect(item.getByText("Das Passwort muss mindestens 10 Zeichen lang sein.")).toBeVisible();
    await expect(newPassword).toHaveValue("");
    await newPassword.fill("zweites-passwort-456");
    await item.getByRole("button", { name: "Passwort setzen" }).click();
    await expect(item.getByRole("status")).toHaveText(`Neues Passwort für ${email} gespeichert. Alle offenen Sitzungen dieses Kontos sind beendet.`);
    await expect(newPassword).toHaveValue("");
    await colleague.page.goto("/admin");
    await expect(colleague.page).toHaveURL(/\/admin\/login/);
    await colleague.page.getByLabel("E-Mail").fill(email);
    await colleague.page.getByLabel("Passwort").fill("zweites-passwort-456");
    await colleague.page.getByRole("button", { name: "Anmelden" }).click();
    await expect(colleague.page.getByRole("heading", { name: "Tagesübersicht" })).toBeVisible();

    // Disabled: the open session ends at once, and signing in is refused.
    await item.getByRole("button", { name: "Konto sperren" }).click();
    await expect(item.getByRole("status")).toHaveText(`Konto ${email} gesperrt. Alle offenen Sitzungen dieses Kontos sind beendet.`);
    await expect(table.getByRole("row").filter({ hasText: email })).toContainText("gesperrt");
    await colleague.page.goto("/admin");
    await expect(colleague.page).toHaveURL(/\/admin\/login/);
    await colleague.page.getByLabel("E-Mail").fill(email);
    await colleague.page.getByLabel("Passwort").fill("zweites-passwort-456");
    await colleague.page.getByRole("button", { name: "Anmelden" }).click();
    await expect(colleague.page.getByRole("alert")).toHaveText("E-Mail oder Passwort ist falsch.");

    await item.getByRole("button", { name: "Konto entsperren" }).click();
    await expect(item.getByRole("status")).toHaveText(`Konto ${email} entsperrt. Die Person kann sich wieder anmelden.`);
    await expect(table.getByRole("row").filter({ hasText: email })).toContainText("aktiv");
    await expectNotReloaded(page);
    await expectAccessible(page);
  } finally {
    await colleague.context.close();
  }
});

test("a manager's own account offers no disabling or demotion, and a crafted post for it is refused with the German reason", async ({ page }) => {
  await signInAs(page, "admin", E2E_ADMIN_PASSWORD, PAGE);
  const own = accountItem(page, "admin (Ihr Konto)");
  await expect(own.getByText("Ihr eigenes Konto können Sie weder sperren noch ihm die Rolle «Leitung» entziehen")).toBeVisible();
  await expect(own.getByRole("button", { name: "Konto sperren" })).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Rolle speichern" })).toHaveCount(0);
  await expect(own.getByText("auch Ihre: Sie melden sich danach mit dem neuen Passwort wieder an")).toBeVisible();

  const origin = new URL(page.url()).origin;
  const disable = await page.request.post(PAGE, { form: { intent: "disable", email: "admin" }, headers: { Origin: origin } });
  expect(disable.status()).toBe(409);
  expect(await disable.text()).toContain("Ihr eigenes Konto können Sie nicht sperren.");
  const demote = await page.request.post(PAGE, { form: { intent: "role", email: "admin", role: "staff" }, headers: { Origin: origin } });
  expect(demote.status()).toBe(409);
  expect(await demote.text()).toContain("Ihrem eigenen Konto können Sie die Rolle «Leitung» nicht entziehen.");
  // From another site: refused before anything is read.
  const foreign = await page.request.post(PAGE, { form: { intent: "create", email: "x@evil.example", role: "manager", password: "ein-langes-passwort" }, headers: { Origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("table", { name: "Alle Benutzerkonten" }).getByRole("row").filter({ hasText: "admin (Ihr Konto)" })).toContainText("Leitung");
  await expect(page.getByText("x@evil.example")).toHaveCount(0);
});

test("a staff member opening the accounts page gets the German 403 page, and its form posts are refused", async ({ page }) => {
  await signInAs(page, E2E_STAFF_EMAIL, E2E_ADMIN_PASSWORD, "/admin");
  await expect(page.getByRole("heading", { name: "Tagesübersicht" })).toBeVisible();
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(403);
  // The refusal is not kept by the browser or a proxy either.
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "403 – Kein Zugriff" })).toBeVisible();
  await expect(page.getByText("Diese Seite ist der Geschäftsleitung vorbehalten.")).toBeVisible();
  await expectAccessible(page);
  const post = await page.request.post(PAGE, {
    form: { intent: "role", email: E2E_STAFF_EMAIL, role: "manager" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test("the accounts page reads at 320 px and is not cached", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signInAs(page, "admin", E2E_ADMIN_PASSWORD, PAGE);
  const response = await page.goto(PAGE);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await expect(page.getByRole("heading", { name: "Konto anlegen", level: 2 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
