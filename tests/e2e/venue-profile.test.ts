import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_STAFF_EMAIL } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** A real 1×1 PNG (browsers draw it). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

const SAMPLE = {
  "Name des Betriebs": "Fun World",
  "Strasse und Nr.": "Industriestrasse 12",
  PLZ: "8604",
  Ort: "Volketswil",
  Telefon: "+41 44 555 12 34",
  "E-Mail": "info@funworld.ch",
  "IBAN für Rechnungen (optional)": "",
  "UID / MWST-Nummer (optional)": "",
};

async function signInAs(page: Page, email: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  if (jsOn()) await waitForHydration(page);
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

async function fillProfile(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

async function saveProfile(page: Page) {
  await page.getByRole("button", { name: "Speichern" }).click();
}

test("a manager edits the venue profile: German messages per field, then every family page's footer and the home page show it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "admin", "/admin/einstellungen");
  await page.getByRole("navigation", { name: "Einstellungen" }).getByRole("link", { name: "Betrieb" }).click();
  await expect(page.getByRole("heading", { name: "Name, Adresse und Kontakt" })).toBeVisible();
  if (jsOn()) await waitForHydration(page);
  // Staff pages name the venue.
  await expect(page.locator(".admin-venue")).toHaveText("Fun World");
  await expect(page.getByLabel("Telefon", { exact: true })).toHaveValue("+41 44 555 12 34");
  await expectNoSideways(page);
  await expectAccessible(page);

  await fillProfile(page, { Telefon: "044 555", "IBAN für Rechnungen (optional)": "CH93 0076 2011 6238 5295 8", "UID / MWST-Nummer (optional)": "123", PLZ: "86" });
  await saveProfile(page);
  await expect(page.getByText("Bitte geben Sie eine gültige Telefonnummer ein (z. B. 044 555 12 34 oder +41 44 555 12 34).")).toBeVisible();
  await expect(page.getByText(/^Diese IBAN ist ungültig/)).toBeVisible();
  await expect(page.getByText("Bitte geben Sie die UID im Format CHE-123.456.789 MWST ein oder lassen Sie das Feld leer.")).toBeVisible();
  await expect(page.getByText("Bitte geben Sie eine vierstellige Postleitzahl ein.")).toBeVisible();
  await expect(page.getByLabel("Telefon", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Telefon", { exact: true })).toHaveValue("044 555");
  await expectAccessible(page);

  try {
    await fillProfile(page, {
      "Name des Betriebs": "Spielhalle Sonnenberg",
      "Strasse und Nr.": "Bahnhofstrasse 5",
      PLZ: "4051",
      Ort: "Basel",
      Telefon: "061 555 12 34",
      "E-Mail": "hallo@sonnenberg.ch",
      "IBAN für Rechnungen (optional)": "ch9300762011623852957",
      "UID / MWST-Nummer (optional)": "che123456789",
    });
    await page.getByLabel("Über uns").fill("Seit 2010 die Spielhalle am Rhein.");
    await saveProfile(page);
    await expect(page.getByRole("status")).toHaveText("Betriebsdaten gespeichert. Seiten, E-Mails und Kalendereinträge zeigen sie ab sofort.");
    await expect(page.getByLabel("IBAN für Rechnungen (optional)")).toHaveValue("CH93 0076 2011 6238 5295 7");
    await expect(page.getByLabel("UID / MWST-Nummer (optional)")).toHaveValue("CHE-123.456.789 MWST");
    await expect(page.locator(".admin-venue")).toHaveText("Spielhalle Sonnenberg");

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Willkommen bei Spielhalle Sonnenberg" })).toBeVisible();
    await expect(page).toHaveTitle("Spielhalle Sonnenberg – Kindergeburtstag und Spiele online buchen");
    await expect(page.getByText("Seit 2010 die Spielhalle am Rhein.")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Spielhalle Sonnenberg")).toBeVisible();
    await expect(footer.getByRole("link", { name: "+41 61 555 12 34" })).toHaveAttribute("href", "tel:+41615551234");
    await expect(footer.getByRole("link", { name: "hallo@sonnenberg.ch" })).toHaveAttribute("href", "mailto:hallo@sonnenberg.ch");
    await expect(page.getByRole("region", { name: "So erreichen Sie uns" }).getByText("Bahnhofstrasse 5")).toBeVisible();
    await expect(page.getByRole("img", { name: "Spielhalle Sonnenberg" })).toBeVisible();
    await page.goto("/agb");
    await expect(page.getByText(/Spielhalle Sonnenberg, Bahnhofstrasse 5, 4051 Basel · Telefon \+41 61 555 12 34/)).toBeVisible();
  } finally {
    await page.goto("/admin/einstellungen/betrieb");
    if (jsOn()) await waitForHydration(page);
    await fillProfile(page, SAMPLE);
    await page.getByLabel("Über uns").fill("Toben, spielen, feiern: In der Fun World wird der Geburtstag Ihres Kindes zum Abenteuer. Wir decken den Geburtstagstisch, Sie geniessen den Tag – ganz ohne Aufräumen.");
    await saveProfile(page);
    await expect(page.getByRole("status")).toBeVisible();
  }
});

test("a manager uploads a PNG logo (shown in the header, cached by hash), an SVG is refused in German, and the logo is removed again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "admin", "/admin/einstellungen/betrieb");
  await expect(page.getByRole("img", { name: "Fun World" })).toHaveAttribute("src", "/logo.svg");
  try {
    await uploadAndRemoveLogo(page);
  } finally {
    // Whatever failed above, the next test starts with the default logo.
    await page.goto("/admin/einstellungen/betrieb");
    const remove = page.getByRole("button", { name: "Logo entfernen" });
    if ((await remove.count()) > 0) await remove.click();
  }
});

async function uploadAndRemoveLogo(page: Page) {
  await page.getByLabel("Neues Logo").setInputFiles({ name: "logo.svg", mimeType: "image/png", buffer: SVG });
  await page.getByRole("button", { name: "Logo hochladen" }).click();
  await expect(page.getByText("Bitte laden Sie ein Logo als PNG, JPEG oder WebP hoch (SVG und andere Formate sind nicht erlaubt).")).toBeVisible();
  await expect(page.getByLabel("Neues Logo")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  if (jsOn()) await waitForHydration(page);
  await page.getByLabel("Neues Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Logo hochladen" }).click();
  await expect(page.getByRole("status")).toHaveText("Logo gespeichert.");
  const header = page.getByRole("img", { name: "Fun World" });
  await expect(header).toHaveAttribute("src", /^\/logo\/[0-9a-f]{32}\.png$/);
  await expect(page.getByRole("img", { name: "Aktuelles Logo" })).toBeVisible();
  await expectAccessible(page);
  const src = (await header.getAttribute("src"))!;

  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.compare(await served.body(), PNG)).toBe(0);
  expect((await page.request.get(`/logo/${"0".repeat(32)}.png`)).status()).toBe(404);
  expect((await page.request.get(src.replace(".png", ".svg"))).status()).toBe(404);

  // Family pages show it too.
  await page.goto("/offers");
  await expect(page.getByRole("img", { name: "Fun World" })).toHaveAttribute("src", src);

  await page.goto("/admin/einstellungen/betrieb");
  if (jsOn()) await waitForHydration(page);
  await page.getByRole("button", { name: "Logo entfernen" }).click();
  await expect(page.getByRole("status")).toHaveText("Logo entfernt. Es wird wieder das Standardlogo gezeigt.");
  await expect(page.getByRole("img", { name: "Fun World" })).toHaveAttribute("src", "/logo.svg");
  expect((await page.request.get(src)).status()).toBe(404);
}

test("the profile page and the family footer fit phones from 320 px, without sideways scrolling or axe findings", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await signInAs(page, "admin", "/admin/einstellungen/betrieb");
  await expectNoSideways(page);
  await expectAccessible(page);
  for (const width of [320, 360, 390, 412]) {
    await page.setViewportSize({ width, height: 720 });
    for (const path of ["/", "/offers", "/agb", "/buchung"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Buchung verwalten" })).toHaveAttribute("href", "/buchung");
      await expect(footer.getByRole("link", { name: "AGB" })).toHaveAttribute("href", "/agb");
      await expect(footer.getByRole("link", { name: "Impressum" })).toHaveAttribute("href", "/impressum");
      await expect(footer.getByRole("link", { name: "Datenschutz" })).toHaveAttribute("href", "/datenschutz");
      const phone = footer.getByRole("link", { name: "+41 44 555 12 34" });
      await expect(phone).toHaveAttribute("href", "tel:+41445551234");
      // The number stays on one line.
      const box = await phone.boundingBox();
      expect(box!.height).toBeLessThan(30);
      await expect(footer.getByText("Öffnungszeiten: Mo-So 10:00-22:00")).toBeVisible();
      await expectNoSideways(page);
    }
  }
  await page.goto("/");
  await expectAccessible(page);
});

test("staff pages have no footer; a staff member without the manager role gets 403 on the profile page", async ({ page }) => {
  await signInAs(page, "admin", "/admin/einstellungen/betrieb");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.goto("/admin/einstellungen/betrieb");
  await page.getByLabel("E-Mail").fill(E2E_STAFF_EMAIL);
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "403 – Kein Zugriff" })).toBeVisible();
  const post = await page.request.post("/admin/einstellungen/betrieb", { form: { intent: "remove-logo" }, headers: { Origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(403);
});

test("a logo over 512 KB gets the German size message on the page; a body over 1 MB is refused at the edge", async ({ page }) => {
  await signInAs(page, "admin", "/admin/einstellungen/betrieb");
  const origin = new URL(page.url()).origin;
  const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024, 1)]);
  const tooBig = await page.request.post("/admin/einstellungen/betrieb", { multipart: { intent: "logo", logo: { name: "gross.png", mimeType: "image/png", buffer: big } }, headers: { Origin: origin } });
  expect(tooBig.status()).toBe(400);
  expect(await tooBig.text()).toContain("Das Logo ist zu gross: höchstens 512 KB.");
  const huge = await page.request.post("/admin/einstellungen/betrieb", {
    multipart: { intent: "logo", logo: { name: "riesig.png", mimeType: "image/png", buffer: Buffer.alloc(1100 * 1024, 1) } },
    headers: { Origin: origin },
  });
  expect(huge.status()).toBe(413);
  // Nothing was stored.
  await page.goto("/admin/einstellungen/betrieb");
  await expect(page.getByText("Es wird das Standardlogo gezeigt.")).toBeVisible();
});
