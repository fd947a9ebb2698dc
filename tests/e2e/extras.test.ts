import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #30 §2: extras. A family chooses them on the contact step (folded, «Preis aktualisieren»,
 * priced by the server), pays them with the booking, changes them later on the manage link; the
 * kitchen reads the sums on the prep sheet; a manager adds one. With and without JavaScript, axe,
 * and a 320 px phone.
 */
const CONTACT = { Vorname: "Nina", Nachname: "Extra", "Strasse und Hausnummer": "Tortenweg 3", PLZ: "3000", Ort: "Bern", Telefon: "031 222 33 44" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const summaryOf = (page: Page) => page.getByRole("region", { name: "Ihre Buchung" });
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

test("a family adds a cake, meals and goodie bags when booking, pays them, drops the bags later, and the kitchen sees the sums", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 238 : 245);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?date=${date}&numChildren=6&numActiveAdults=1&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  // 6 × CHF 29 + CHF 28 + CHF 5.
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 207.00");

  const section = page.locator("details.extras-section");
  await expect(section).not.toHaveAttribute("open");
  await page.getByText("Zusatzleistungen", { exact: true }).click();
  await expect(group(page, "Geburtstagstorte")).toContainText("CHF 35.00 pro Stück, höchstens 2.");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await group(page, "Menü").getByLabel("Pizza Margherita").fill("4");
  await group(page, "Menü").getByLabel("Hot Dog").fill("2");
  await group(page, "Geburtstagstorte").getByLabel("Anzahl").fill("1");
  await page.getByRole("button", { name: "Preis aktualisieren" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Die Zusatzleistungen sind übernommen." })).toBeVisible();
  await expect(summaryOf(page)).toContainText("Menü: Pizza Margherita");
  await expect(summaryOf(page)).toContainText("1 × CHF 35.00");
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 242.00");
  await expect(group(page, "Menü").getByLabel("Pizza Margherita")).toHaveValue("4");

  // Too many goodie bags for six children: the server's message at the field, nothing taken over.
  await group(page, "Goodie-Bag").getByLabel("Anzahl").fill("9");
  await page.getByRole("button", { name: "Preis aktualisieren" }).click();
  await expect(page.getByRole("link", { name: "Goodie-Bag: Bitte geben Sie eine ganze Zahl von 0 bis 6 an." })).toBeVisible();
  await expect(group(page, "Goodie-Bag").getByLabel("Anzahl")).toHaveAttribute("aria-invalid", "true");
  await expect(group(page, "Goodie-Bag").getByLabel("Anzahl")).toHaveValue("9");
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 242.00");
  await expectAccessible(page);

  // Corrected, then straight to «Weiter zur Zahlung»: the new total is shown first, then booked.
  await group(page, "Goodie-Bag").getByLabel("Anzahl").fill("6");
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("nina@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("nina@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Die Zusatzleistungen sind übernommen." })).toBeVisible();
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 269.00");
  await expect(page.getByLabel("Vorname *")).toHaveValue("Nina");
  if (!(await page.getByLabel(/Ich akzeptiere die/).isChecked())) await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByText("Simulierter Zahlungsanbieter")).toBeVisible();
  await expect(page.getByText("CHF 269.00")).toBeVisible();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await expect(summaryOf(page)).toContainText("Goodie-Bag");
  const code = (await page.locator("dd strong").first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  expect(mail.text).toMatch(/Goodie-Bag:\s+6 × CHF 4\.50 = CHF 27\.00/);
  expect(mail.text).toMatch(/Menü: Hot Dog:\s+2 × inbegriffen/);

  // The manage link: fewer goodie bags, checked first, the difference back to the card.
  const link = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
  await page.goto(link);
  await page.getByRole("link", { name: "Zusatzleistungen ändern" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}/zusatzleistungen$`));
  await expect(group(page, "Goodie-Bag").getByLabel("Anzahl")).toHaveValue("6");
  await expectAccessible(page);
  await expectFitsPhone(page);
  await group(page, "Goodie-Bag").getByLabel("Anzahl").fill("0");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByRole("heading", { name: "Änderung prüfen" })).toBeVisible();
  await expect(page.getByText("Zusatzleistungen: Menü: Hot Dog 2×; Menü: Pizza Margherita 4×; Geburtstagstorte 1×", { exact: true })).toBeVisible();
  await expect(page.getByText("CHF 27.00", { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Änderung bestätigen" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}\\?ok=`));
  await expect(summaryOf(page)).not.toContainText("Goodie-Bag");
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 242.00");

  // The kitchen: the day's sums and the party's extras on the prep sheet.
  await signIn(page);
  await page.goto(`/admin/vorbereitung?date=${date}`);
  const kitchen = page.getByRole("region", { name: "Küche: Menüs und Zusatzleistungen des Tages" });
  await expect(kitchen).toContainText("4 × Menü: Pizza Margherita");
  await expect(kitchen).toContainText("1 × Geburtstagstorte");
  await expectAccessible(page);
  await expectFitsPhone(page);
});

test("a manager adds an extra; the settings page says what is wrong first", async ({ page, javaScriptEnabled }) => {
  const name = javaScriptEnabled ? "Piñata mit JS" : "Piñata ohne JS";
  await signIn(page);
  await page.goto("/admin/einstellungen/zusatzleistungen");
  await expect(page.getByRole("heading", { level: 1, name: "Zusatzleistungen" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  const form = page.getByRole("group", { name: "Neue Zusatzleistung" });
  await form.getByLabel("Preis (CHF; 0 = im Paket inbegriffen)").fill("25");
  await form.getByRole("button", { name: "Zusatzleistung anlegen" }).click();
  await expect(page.getByText("Bitte geben Sie einen Namen an (höchstens 80 Zeichen).")).toBeVisible();
  await expect(page.getByRole("group", { name: "Neue Zusatzleistung" }).getByLabel("Preis (CHF; 0 = im Paket inbegriffen)")).toHaveValue("25");

  const again = page.getByRole("group", { name: "Neue Zusatzleistung" });
  await again.getByLabel("Name").fill(name);
  await again.getByLabel("pro Party").check();
  // Only for the Royal package (no other browser test books it).
  for (const offer of ["Geburtstag Classic", "Geburtstag Deluxe"]) await again.getByLabel(offer).uncheck();
  await again.getByRole("button", { name: "Zusatzleistung anlegen" }).click();
  await expect(page.getByText(`Zusatzleistung «${name}» angelegt.`)).toBeVisible();
  await expect(page.getByRole("group", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name, exact: true }).getByLabel("Preis (CHF; 0 = im Paket inbegriffen)")).toHaveValue("25.00");
});
