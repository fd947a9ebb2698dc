import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForMail } from "./helpers";
import { pdfText } from "../setup/pdf-text";

/**
 * Issue #31 §1: a family pays a party online and finds its receipt (PDF, with the venue, its
 * booking and the MWST) under «Quittungen» on the manage page; staff find the same document on the
 * booking page; the manager keeps the MWST rates. With and without JavaScript, axe, a 320 px phone.
 */
const CONTACT = { Vorname: "Łucja", Nachname: "Beleg", "Strasse und Hausnummer": "Quittungsweg 3", PLZ: "8400", Ort: "Winterthur", Telefon: "052 222 33 55" };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}


test("a paid party's receipt is on the manage page and on the staff booking page", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 301 : 308);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=5&numActiveAdults=0&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("lucja@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("lucja@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  const code = (await page.locator("dd strong").first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  expect(mail.text).toContain("Die Quittungen zu Ihren Zahlungen (PDF) finden Sie auf Ihrer Buchungsseite unter «Quittungen».");
  const link = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;

  await page.goto(link);
  const receipts = page.getByRole("region", { name: "Quittungen" });
  const receiptLink = receipts.getByRole("link", { name: /^Quittung Q-\d{4}-\d{6}$/ });
  await expect(receiptLink).toHaveCount(1);
  const title = (await receiptLink.textContent())!;
  const number = title.replace("Quittung ", "");
  await expect(receipts).toContainText(/vom \d{2}\.\d{2}\.\d{4}, CHF \d+\.\d{2}/);
  await expectAccessible(page);
  await expectFitsPhone(page);

  const download = page.waitForEvent("download");
  await receiptLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`quittung-${number}.pdf`);
  const text = await pdfText(Buffer.from(await (await import("node:fs/promises")).readFile((await file.path())!)));
  for (const expected of ["Fun World", "Quittung", number, code, "Łucja Beleg", "Online bezahlt (Karte/TWINT)", "Im Betrag enthaltene MWST 8.1 %"]) expect(text).toContain(expected);
  // A number of no document of this booking: 404, never someone else's receipt.
  expect((await page.request.get(`${link}/beleg/Q-2000-000001`)).status()).toBe(404);
  expect((await page.request.get(`${link}/beleg/..%2F..%2Fetc`)).status()).toBe(404);

  await signIn(page);
  await page.goto(`/admin/buchungen/${code}`);
  const staffList = page.getByRole("region", { name: "Quittungen" });
  await expect(staffList.getByRole("link", { name: title })).toBeVisible();
  const staffPdf = await page.request.get(`/admin/buchungen/${code}/beleg/${number}`);
  expect(staffPdf.status()).toBe(200);
  expect(staffPdf.headers()["content-type"]).toBe("application/pdf");
  expect(await pdfText(await staffPdf.body())).toContain(number);
  await expectAccessible(page);
});

test("the manager keeps the MWST rates: a wrong entry is explained, a future rate is added and removed", async ({ page, javaScriptEnabled }) => {
  await signIn(page);
  await page.goto("/admin/einstellungen/mwst");
  const rates = page.getByRole("table", { name: "MWST-Sätze" });
  await expect(rates).toContainText("01.01.2024");
  await expect(rates).toContainText("8.1 % (gilt heute)");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByLabel("Gültig ab").fill("2040-01-01");
  await page.getByLabel("Satz in Prozent (z. B. 8.1)").fill("81");
  await page.getByRole("button", { name: "Satz hinzufügen" }).click();
  await expect(page.getByText("Bitte geben Sie den Satz in Prozent ein, z. B. 8.1 (0 bis 50, höchstens zwei Nachkommastellen).")).toBeVisible();
  await expect(page.getByLabel("Satz in Prozent (z. B. 8.1)")).toHaveAttribute("aria-invalid", "true");

  const day = javaScriptEnabled ? "2040-01-01" : "2040-07-01";
  const shown = javaScriptEnabled ? "01.01.2040" : "01.07.2040";
  await page.getByLabel("Gültig ab").fill(day);
  await page.getByLabel("Satz in Prozent (z. B. 8.1)").fill("8,8");
  await page.getByRole("button", { name: "Satz hinzufügen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Der Satz 8.8 % gilt ab ${shown}.`);
  const row = rates.getByRole("row").filter({ hasText: shown });
  await expect(row).toContainText("8.8 %");
  await row.getByRole("button", { name: /Entfernen/ }).click();
  await expect(page.getByRole("status")).toHaveText(`Der Satz ab ${shown} ist entfernt.`);
  await expect(rates.getByRole("row").filter({ hasText: shown })).toHaveCount(0);
  // Rates in force have no button.
  await expect(rates.getByRole("row").filter({ hasText: "01.01.2024" }).getByRole("button")).toHaveCount(0);
});
