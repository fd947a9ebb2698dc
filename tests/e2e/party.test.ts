import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { createVoucher, expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #30 §1 and §5: the birthday child and allergies on the contact step (optional, folded),
 * checked on the server with German messages; then on the manage link, at the desk and on the
 * kitchen's prep sheet. With and without JavaScript, axe, and a 320 px phone.
 */
const CONTACT = { Vorname: "Mara", Nachname: "Feier", "Strasse und Hausnummer": "Festweg 7", PLZ: "8400", Ort: "Winterthur", Telefon: "052 111 22 33" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function manageLinkOf(code: string): Promise<string> {
  const mail = await simpleParser(await waitForMail(code));
  const match = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(match, "manage link in the confirmation e-mail").not.toBeNull();
  return match![1]!;
}

test("a family tells us the birthday child and allergies when booking, corrects them later, and the kitchen reads them on the prep sheet", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(4, javaScriptEnabled ? 224 : 231);
  const voucher = await createVoucher(page, 1000);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?date=${date}&numChildren=6&numActiveAdults=1&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);

  // Folded: the spec's form reads as before for a family that skips it.
  const section = page.locator("details.party-section");
  await expect(section).not.toHaveAttribute("open");
  await page.getByText("Geburtstagskind und Allergien").click();
  await expect(page.getByLabel("Name des Geburtstagskindes (optional)")).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("mara@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("mara@example.ch");
  await page.getByLabel("Name des Geburtstagskindes (optional)").fill("Lena");
  await page.getByLabel("Wie alt wird das Kind? (optional)").fill("30");
  await page.getByLabel("Allergien und Ernährungshinweise (optional)").fill("Nussallergie (Mia)");
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Buchung abschließen" }).click();

  // The server's answer: the section open, the field marked, everything typed still there.
  await expect(page.getByRole("heading", { name: "Bitte prüfen Sie Ihre Angaben" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bitte geben Sie das Alter als ganze Zahl von 1 bis 18 an." })).toBeVisible();
  await expect(section).toHaveAttribute("open");
  await expect(page.getByLabel("Wie alt wird das Kind? (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name des Geburtstagskindes (optional)")).toHaveValue("Lena");
  await expect(page.getByLabel("Vorname *")).toHaveValue("Mara");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByLabel("Wie alt wird das Kind? (optional)").fill("7");
  if (!(await page.getByLabel(/Ich akzeptiere die/).isChecked())) await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Buchung abschließen" }).click();
  await expect(page).toHaveURL(/\/payment\/success/);
  const code = (await page.locator("strong", { hasText: /^FW-[A-Z0-9]{6}$/ }).first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  expect(mail.text).toMatch(/Geburtstagskind:\s+Lena, wird 7/);
  // Paid by the voucher alone: what is left on it, on the page and in the e-mail (issue #30 §3).
  await expect(page.getByText(new RegExp(`Restguthaben auf Ihrem Gutschein ${voucher}: CHF \\d+\\.\\d\\d, gültig bis`))).toBeVisible();
  expect(mail.text).toMatch(/Restguthaben Gutschein:\s+CHF \d+\.\d\d \(gültig bis/);

  // The manage link shows them and lets the family correct them.
  await page.goto(await manageLinkOf(code));
  await expect(page.getByRole("heading", { name: "Geburtstagskind und Allergien" })).toBeVisible();
  await expect(page.getByText("Lena, wird 7")).toBeVisible();
  await page.getByRole("link", { name: "Angaben zur Party ändern" }).click();
  await expect(page.getByRole("heading", { name: "Angaben zur Party" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByLabel("Wie alt wird das Kind? (optional)").fill("acht");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Bitte geben Sie das Alter als ganze Zahl von 1 bis 18 an.")).toBeVisible();
  await page.getByLabel("Wie alt wird das Kind? (optional)").fill("8");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Die Angaben zur Party wurden gespeichert.")).toBeVisible();
  await expect(page.getByText("Lena, wird 8")).toBeVisible();

  // The desk and the kitchen.
  await signIn(page);
  await page.goto(`/admin/vorbereitung?date=${date}`);
  const row = page.locator("tr", { hasText: code });
  await expect(row).toContainText("Lena, wird 8");
  await expect(row).toContainText("ALLERGIEN/HINWEISE: Nussallergie (Mia)");
  await expect(row).toContainText("6 Kinder, 2 Erw.");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.getByRole("heading", { name: "Geburtstagsparty" })).toBeVisible();
  await page.getByText("Angaben zur Party ändern").click();
  await page.getByLabel("Allergien und Ernährungshinweise (optional)").fill("Nussallergie (Mia), Laktose (Tom)");
  await page.getByRole("button", { name: "Angaben speichern" }).click();
  await expect(page.getByText("Die Angaben zur Party wurden gespeichert.")).toBeVisible();
  await expect(page.locator("#party")).toContainText("Laktose (Tom)");
  await expect(page.getByText(/hat die Angaben zur Party geändert: Allergien\/Hinweise/)).toBeVisible();
  await expectAccessible(page);
});
