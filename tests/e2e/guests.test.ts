import { HtmlValidate } from "html-validate";
import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #32: guests. A family books a party, creates the invitation link on its manage page and
 * shares it; guests' parents answer on their phones (the invitation shows nothing of the host's
 * contact data), one answer is changed through its own link, a third «yes» waits; the host takes
 * the list over into the final headcount; staff see allergies and photo consent; the family
 * downloads its data and asks for deletion. JS on and off, axe, 320 px and 1280 px.
 */
const CONTACT = { Vorname: "Gerda", Nachname: "Gastgeberin", "Strasse und Hausnummer": "Verborgenweg 3", PLZ: "8400", Ort: "Winterthur", Telefon: "052 987 65 43" };
const HOST_EMAIL = "gerda-host@example.ch";

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

/** The page as the server sends it is valid HTML (as the family pages in html-valid.test.ts). */
async function expectValidHtml(page: Page) {
  const response = await page.request.get(page.url());
  const report = await validator.validateString(await response.text());
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.message}`))).toEqual([]);
}

async function answer(page: Page, fields: { name: string; yes: boolean; meal?: string; photo?: boolean; allergies?: string; phone?: string; email?: string }) {
  await page.getByLabel("Vorname des Kindes").fill(fields.name);
  await page.getByRole("radio", { name: fields.yes ? "Ja, es kommt" : "Nein, es kann leider nicht" }).check();
  if (fields.meal) await page.getByLabel("Menü: Auswahl für das Kind").selectOption(fields.meal);
  if (fields.allergies) await page.getByLabel(/Allergien oder Ernährungshinweise/).fill(fields.allergies);
  if (fields.photo !== undefined) await page.getByRole("group", { name: "Darf das Kind an der Feier fotografiert werden?" }).getByRole("radio", { name: fields.photo ? "Ja" : "Nein" }).check();
  if (fields.phone) await page.getByLabel("Telefonnummer eines Elternteils für den Tag").fill(fields.phone);
  if (fields.email) await page.getByLabel(/E-Mail für den Link zu Ihrer Antwort/).fill(fields.email);
  await page.getByRole("button", { name: "Antwort senden" }).click();
}

test("a family invites guests, they answer with and without changes, the host takes the list over; staff see allergies and photo consent; data and deletion", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(4, javaScriptEnabled ? 280 : 287);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=3&numActiveAdults=0&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill(HOST_EMAIL);
  await page.getByLabel("E-Mail wiederholen *").fill(HOST_EMAIL);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  const code = (await page.locator("dd strong").first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  const manage = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;

  // The host: manage page → «Gäste einladen» → the link.
  await page.goto(manage);
  const card = page.getByRole("region", { name: "Gäste und Antworten" });
  await card.getByRole("link", { name: "Gäste einladen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}/gaeste$`));
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Was sollen die Gäste mitbringen? (optional)").fill("Rutschfeste Socken und gute Laune");
  await page.getByRole("button", { name: "Einladungslink erstellen" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Ihr Einladungslink ist bereit. Teilen Sie ihn mit den Eltern der Gäste.");
  const url = await page.getByRole("textbox", { name: "Ihr Einladungslink" }).inputValue();
  const invitation = new URL(url).pathname;
  expect(invitation).toMatch(/^\/einladung\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByRole("link", { name: "Per E-Mail teilen" })).toHaveAttribute("href", /^mailto:\?subject=/);
  await expect(page.getByRole("button", { name: "Link kopieren" })).toHaveCount(javaScriptEnabled ? 1 : 0);
  await expectAccessible(page);
  await expectValidHtml(page);
  await expectFitsPhone(page);

  // A guest's parent opens the invitation: the party, and nothing of the host.
  await page.goto(invitation);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einladung zur Geburtstagsfeier");
  await expect(page.getByText("Rutschfeste Socken und gute Laune")).toBeVisible();
  await expect(page.getByRole("link", { name: "Karte öffnen" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\//);
  const html = await page.content();
  for (const secret of ["Gastgeberin", "Gerda", "Verborgenweg", "987 65 43", HOST_EMAIL, code]) expect(html).not.toContain(secret);
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("Einladung zur Geburtstagsfeier");
  expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toMatch(/^Geburtstagsfeier am .+ in der Fun World\./);
  await expectAccessible(page);
  await expectValidHtml(page);
  await expectFitsPhone(page);

  // Sent empty: the server's German messages, each linked to its field.
  await page.getByRole("radio", { name: "Ja, es kommt" }).check();
  await page.getByRole("button", { name: "Antwort senden" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Bitte geben Sie den Vornamen des Kindes ein.");
  await expect(alert).toContainText("Bitte wählen Sie beim «Menü» eine Auswahl.");
  await expect(alert).toContainText("Bitte geben Sie eine Telefonnummer für den Tag der Feier ein.");
  await expectAccessible(page);

  await answer(page, { name: "Mia", yes: true, meal: "Hot Dog", photo: true, allergies: "Nüsse", phone: "079 111 22 33" });
  await expect(page).toHaveURL(/\/einladung\/antwort\/[A-Za-z0-9_-]{43}\?neu=1$/);
  await expect(page.getByRole("status")).toHaveText("Vielen Dank für Ihre Antwort!");
  await expect(page.getByText("Zusage: Das Kind ist angemeldet.")).toBeVisible();
  const miaLink = page.url().replace(/\?.*$/, "");
  await expectAccessible(page);
  await expectValidHtml(page);
  await expectFitsPhone(page);
  // Mia's parents change the meal through their own link.
  await page.getByLabel("Menü: Auswahl für das Kind").selectOption("Vegetarisch");
  await page.getByRole("button", { name: "Änderung speichern" }).click();
  await expect(page.getByRole("status")).toHaveText("Ihre Änderung ist gespeichert.");

  await page.goto(invitation);
  await answer(page, { name: "Noah", yes: true, meal: "Pizza Margherita", photo: false, phone: "079 222 33 44" });
  await expect(page.getByText("Zusage: Das Kind ist angemeldet.")).toBeVisible();
  await page.goto(invitation);
  await answer(page, { name: "Lia", yes: true, meal: "Hot Dog", photo: true, phone: "079 333 44 55" });
  // Two places (three children, one is the birthday child): Lia waits.
  await expect(page.getByText(/^Warteliste: Die Feier ist im Moment voll\./)).toBeVisible();
  // Mia's link shows Mia's answer only.
  await page.goto(miaLink);
  await expect(page.getByLabel("Vorname des Kindes")).toHaveValue("Mia");
  expect(await page.content()).not.toContain("Noah");

  // The host's list: statuses, the waiting list, the hand-over.
  await page.goto(`${manage}/gaeste`);
  await expect(page.getByText("2 von 2 Plätzen zugesagt, 1 auf der Warteliste, 0 abgesagt.")).toBeVisible();
  const list = page.locator(".guest-list");
  await expect(list).toContainText("Mia: Zusage");
  await expect(list).toContainText("Allergien / Hinweise: Nüsse");
  await expect(list).toContainText("Lia: Warteliste");
  await expect(page.getByRole("link", { name: "Anzahl Kinder erhöhen" })).toHaveAttribute("href", `${manage}/personen?kinder=4`);
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("link", { name: "Anzahl Kinder erhöhen" }).click();
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("4");
  await expect(page.getByText(/^Aus Ihrer Gästeliste: 4 Kinder\./)).toBeVisible();
  // The host decides against it and declines Lia instead.
  await page.goto(`${manage}/gaeste`);
  await page.getByRole("button", { name: "Absagen: Lia" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Abgesagt. Die Familie sieht das über ihren Antwort-Link.");
  await expect(list).toContainText("Lia: Von Ihnen abgesagt");

  await page.getByLabel("Menü für das Geburtstagskind").selectOption("Pizza Margherita");
  await page.getByRole("button", { name: "Zur Gästeliste übernehmen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}/schlusszahl\\?ok=gaeste$`));
  await expect(page.getByRole("status")).toHaveText("Die Menüs der Gästeliste sind übernommen. Bitte prüfen und bestätigen Sie jetzt die Schlusszahl.");
  await expect(page.getByText("Pizza Margherita: 2, Vegetarisch: 1")).toBeVisible();
  await page.getByRole("button", { name: "Angaben bestätigen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}\\?ok=schlusszahl$`));

  // Staff: the prep sheet and the booking.
  await signIn(page);
  await page.goto(`/admin/vorbereitung?date=${date}`);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Mia: Nüsse");
  await expect(row).toContainText("Nicht fotografieren: Noah");
  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.locator(".guest-brief")).toContainText("Gäste: 2 zugesagt.");
  await expectAccessible(page);

  // The family's data: printable, as JSON, and a deletion request staff see.
  await page.goto(manage);
  await page.getByRole("link", { name: "Daten ansehen oder löschen lassen" }).click();
  await expect(page.getByText(HOST_EMAIL)).toBeVisible();
  await expect(page.locator(".guest-list")).toContainText("Mia");
  const json = await page.request.get(`${manage}/daten.json`);
  expect(json.status()).toBe(200);
  expect(((await json.json()) as { booking: { code: string } }).booking.code).toBe(code);
  await expectAccessible(page);
  await expectValidHtml(page);
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "Löschung verlangen" }).click();
  await expect(page.getByRole("alert")).toHaveText("Bitte bestätigen Sie die Löschung mit dem Häkchen.");
  await page.getByLabel("Ja, ich möchte die Löschung meiner Daten verlangen.").check();
  await page.getByRole("button", { name: "Löschung verlangen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}\\?ok=loeschung$`));
  await page.goto("/admin/datenschutz");
  const request = page.locator(".guest-list li").filter({ hasText: code });
  await expect(request).toContainText("Die Feier steht noch bevor");
  await expectAccessible(page);
  await expectFitsPhone(page);

  // The printed invitation carries a QR code of the link.
  await page.goto(`${invitation}/drucken?format=a5`);
  await expect(page.locator(".invitation-qr svg")).toBeVisible();
  await expect(page.getByText(url)).toBeVisible();
  await expectValidHtml(page);
  // An unknown or made-up link: the German message, 404.
  const unknown = await page.request.get(`/einladung/${"x".repeat(43)}`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("Diese Einladung gibt es nicht (mehr).");
});
