import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #30 §3: a deposit. A manager sets 30 % on the Royal package (no other browser test books it);
 * a family sees on the contact step what is paid now and what later, pays only the deposit, reads
 * the state and the balance link in the e-mail, and pays the balance through the manage link. With
 * and without JavaScript, axe, and a 320 px phone.
 */
const CONTACT = { Vorname: "Rita", Nachname: "Anzahlung", "Strasse und Hausnummer": "Kassenweg 5", PLZ: "6003", Ort: "Luzern", Telefon: "041 222 33 44" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const summaryOf = (page: Page) => page.getByRole("region", { name: "Ihre Buchung" });

test("with a 30 % deposit a family pays CHF 88.20 at booking and the balance later through the manage link", async ({ page, javaScriptEnabled }) => {
  // Both projects set the same deposit and leave it: a reset could land in the other one's booking.
  await signIn(page);
  await page.goto("/admin/einstellungen/angebote");
  if (javaScriptEnabled) await waitForHydration(page);
  const royal = page.locator("form").filter({ has: page.locator('input[name=name][value="Geburtstag Royal"]') });
  await royal.getByLabel("Anzahlung bei der Buchung").fill("30 %");
  await royal.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(royal.getByRole("status")).toBeVisible();
  await expect(royal.getByLabel("Anzahlung bei der Buchung")).toHaveValue("30 %");
  // Families read it with the package, before choosing.
  await page.goto("/offers");
  await expect(page.getByText("Anzahlung 30 % bei der Buchung, der Rest bis 3 Tage vor der Feier")).toBeVisible();

  // 6 children × CHF 49 = CHF 294; 30 % = CHF 88.20 now, CHF 205.80 later.
  const date = futureWeekday(4, javaScriptEnabled ? 252 : 259);
  await page.goto(`/find-slot?offerId=3&date=${date}&numChildren=6&numActiveAdults=0&numAccompanyingAdults=0`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(summaryOf(page).locator("dd.total")).toHaveText("CHF 294.00");
  await expect(summaryOf(page)).toContainText("Jetzt zu bezahlen (Anzahlung): CHF 88.20");
  await expect(summaryOf(page)).toContainText(/Restbetrag: CHF 205\.80, fällig bis \d{2}\.\d{2}\.\d{4}/);
  // Beside the button too: what the next step charges.
  await expect(page.locator("p.muted").filter({ hasText: "Jetzt zu bezahlen (Anzahlung): CHF 88.20" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("rita@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("rita@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByText("Simulierter Zahlungsanbieter")).toBeVisible();
  await expect(page.getByText("CHF 88.20")).toBeVisible();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await expect(summaryOf(page)).toContainText("Anzahlung bezahlt: CHF 88.20");
  await expect(summaryOf(page)).toContainText(/Restbetrag offen: CHF 205\.80, fällig bis/);
  const code = (await page.locator("dd strong").first().textContent())!.trim();

  const mail = await simpleParser(await waitForMail(code));
  expect(mail.text).toMatch(/Anzahlung bezahlt:\s+CHF 88\.20/);
  expect(mail.text).toMatch(/Restbetrag offen:\s+CHF 205\.80, fällig bis/);
  const pay = /Restbetrag bezahlen \(TWINT oder Kreditkarte\): https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})\/restbetrag/.exec(mail.text ?? "");
  expect(pay).not.toBeNull();
  const manage = pay![1]!;

  await page.goto(manage);
  await expect(page.getByText("Anzahlung bezahlt: CHF 88.20")).toBeVisible();
  await expect(page.getByText(/Restbetrag offen: CHF 205\.80, fällig bis/)).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("link", { name: "Restbetrag bezahlen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}/restbetrag$`));
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "CHF 205.80 jetzt bezahlen" }).click();
  await expect(page.getByText("Simulierter Zahlungsanbieter")).toBeVisible();
  await expect(page.getByText("CHF 205.80")).toBeVisible();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(new RegExp(`${manage}\\?ok=restbetrag-bezahlt`));
  await expect(page.getByRole("status")).toContainText("Der Restbetrag ist bezahlt");
  await expect(page.getByText("bezahlt: CHF 294.00")).toBeVisible();
  await expect(page.getByRole("link", { name: "Restbetrag bezahlen" })).toHaveCount(0);

  // Staff read the same state on the booking's page.
  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.getByText("CHF 294.00").first()).toBeVisible();
  await expectAccessible(page);
});
