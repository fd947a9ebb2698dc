import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #30 §4: the final headcount. A family books a party without choosing meals, opens the
 * manage link's «Schlusszahl», is told the meals do not add up yet, chooses them, confirms, and the
 * prep sheet says «Schlusszahl bestätigt». With and without JavaScript, axe, and a 320 px phone.
 */
const CONTACT = { Vorname: "Ida", Nachname: "Schluss", "Strasse und Hausnummer": "Zählweg 8", PLZ: "8400", Ort: "Winterthur", Telefon: "052 222 33 44" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

test("a family confirms the final numbers and meals through the manage link once the meals add up", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(3, javaScriptEnabled ? 266 : 273);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=5&numActiveAdults=0&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("ida@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("ida@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  const code = (await page.locator("dd strong").first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  const link = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;

  await page.goto(link);
  const section = page.getByRole("region", { name: "Schlusszahl" });
  await expect(section).toContainText(/Bitte bestätigen Sie bis \w+, \d+\. \w+ \d{4} die endgültige Anzahl Personen und die Menüs\./);
  await section.getByRole("link", { name: "Schlusszahl bestätigen" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}/schlusszahl$`));
  await expect(page.getByRole("alert")).toHaveText("«Menü»: 0 von 5 Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl.");
  await expect(page.getByText("noch nichts gewählt")).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  // Confirming anyway is refused with the same words (the manage pages ship no JavaScript).
  await page.getByRole("button", { name: "Angaben bestätigen" }).click();
  await expect(page.getByRole("alert")).toHaveText("«Menü»: 0 von 5 Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl.");

  await page.getByRole("link", { name: "Menüs und Zusatzleistungen ändern" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}/zusatzleistungen$`));
  await group(page, "Menü").getByLabel("Pizza Margherita").fill("3");
  await group(page, "Menü").getByLabel("Vegetarisch").fill("2");
  await page.getByRole("button", { name: "Weiter" }).click();
  // Included meals cost nothing: saved at once.
  await expect(page).toHaveURL(new RegExp(`${link}\\?ok=`));

  await page.getByRole("region", { name: "Schlusszahl" }).getByRole("link", { name: "Schlusszahl bestätigen" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Pizza Margherita: 3, Vegetarisch: 2")).toBeVisible();
  await page.getByRole("button", { name: "Angaben bestätigen" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}\\?ok=schlusszahl$`));
  await expect(page.getByRole("status")).toHaveText("Vielen Dank: Die Schlusszahl ist bestätigt.");
  await expect(page.getByRole("region", { name: "Schlusszahl" })).toContainText(/Schlusszahl bestätigt am .+\. Bis .+ können Sie die Zahlen noch ändern/);
  await expectAccessible(page);
  await expectFitsPhone(page);

  await signIn(page);
  await page.goto(`/admin/vorbereitung?date=${date}`);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("Schlusszahl bestätigt");
  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.getByText(/^bestätigt am /)).toBeVisible();

  // The family phones: a cake after all. Staff add it with «Korrigieren»; the price follows, the rest is open at the desk.
  await page.getByRole("link", { name: "Korrigieren" }).click();
  // Open already: the party has extras booked.
  await expect(page.locator("details.extras-section")).toHaveAttribute("open", "");
  await expect(group(page, "Menü").getByLabel("Pizza Margherita")).toHaveValue("3");
  await group(page, "Geburtstagstorte").getByLabel("Anzahl").fill("1");
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "Änderung prüfen" }).click();
  await expect(page.getByRole("heading", { name: "Änderung prüfen" })).toBeVisible();
  await expect(page.locator(".compare-table")).toContainText("CHF 185.00");
  await expect(page.locator(".correction-money")).toContainText("CHF 35.00 bleiben offen");
  await page.getByRole("button", { name: "Änderung speichern" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/buchungen/${code}\\?done=corrected`));
  await expect(page.getByText(/Geburtstagstorte: 1 × CHF 35\.00/)).toBeVisible();
});
