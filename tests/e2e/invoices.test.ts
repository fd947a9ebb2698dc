import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";
import { pdfText } from "../setup/pdf-text";
import { camt054 } from "../setup/camt";
import { paymentReference } from "../../app/domain/invoices";

/**
 * Issue #31 §2: a school books by phone and pays by invoice. Staff make a QR-bill invoice on the
 * booking page, find it among the open invoices, and book the transfer; the booking then owes
 * nothing and lists a receipt. With and without JavaScript, axe, 320 px.
 */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}


async function setIban(page: Page, iban: string, javaScriptEnabled: boolean) {
  await page.goto("/admin/einstellungen/betrieb");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("IBAN für Rechnungen (optional)", { exact: true }).fill(iban);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("status")).toContainText("Betriebsdaten gespeichert.");
}

test("staff invoice a phone booking with a QR-bill and book the transfer", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(6, javaScriptEnabled ? 329 : 336);
  const school = javaScriptEnabled ? "Lindenhof" : "Rosenberg";
  await signIn(page);
  await setIban(page, "CH93 0076 2011 6238 5295 7", javaScriptEnabled);
  try {
    await page.goto(`/admin/telefonbuchung?kind=game&date=${date}&locationId=3&gameType=1&rounds=2&players=4`);
    await page.getByRole("radio", { name: /^15:00–15:40/ }).check();
    await page.getByLabel("Vorname", { exact: true }).fill("Schulhaus");
    await page.getByLabel("Nachname", { exact: true }).fill(school);
    await page.getByLabel("Strasse und Hausnummer (optional)", { exact: true }).fill("Lindenweg 4");
    await page.getByLabel("PLZ (optional)", { exact: true }).fill("8400");
    await page.getByLabel("Ort (optional)", { exact: true }).fill("Winterthur");
    await page.getByLabel("Telefon", { exact: true }).fill("052 123 45 99");
    await page.getByLabel("vor Ort bezahlen (bleibt offen)").check();
    await page.getByRole("button", { name: "Buchung anlegen" }).click();
    await expect(page.getByRole("heading", { name: /^Buchung FW-/ })).toBeVisible();
    const code = (await page.getByRole("heading", { name: /^Buchung FW-/ }).textContent())!.replace("Buchung ", "").trim();

    const section = page.getByRole("region", { name: "Rechnungen" });
    await section.getByLabel("Zahlungsfrist (Tage)").fill("3");
    await section.getByRole("button", { name: "Rechnung erstellen" }).click();
    await expect(page.getByRole("region", { name: "Rechnungen" }).getByRole("alert")).toHaveText("Bitte geben Sie eine Zahlungsfrist von 5 bis 90 Tagen ein.");
    await page.getByRole("region", { name: "Rechnungen" }).getByLabel("Zahlungsfrist (Tage)").fill("30");
    await page.getByRole("region", { name: "Rechnungen" }).getByRole("button", { name: "Rechnung erstellen" }).click();
    await expect(page.getByText("Rechnung erstellt (PDF unten unter «Rechnungen»).")).toBeVisible();
    const link = page.getByRole("region", { name: "Rechnungen" }).getByRole("link", { name: /^Rechnung R-\d{4}-\d{6}$/ });
    const number = (await link.textContent())!.replace("Rechnung ", "");
    await expect(page.getByRole("region", { name: "Rechnungen" })).toContainText("offen");
    await expectAccessible(page);
    await expectFitsPhone(page);

    const pdf = await page.request.get((await link.getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await pdf.body());
    for (const expected of ["Rechnung", number, code, `Schulhaus ${school}`, "Zahlteil", "Empfangsschein", "CH93 0076 2011 6238 5295 7"]) expect(text).toContain(expected);

    await page.getByRole("navigation", { name: "Mitarbeiterbereich" }).getByRole("link", { name: "Rechnungen" }).click();
    const row = page.getByRole("table", { name: "Offene Rechnungen" }).getByRole("row").filter({ hasText: number });
    await expect(row).toContainText(`Schulhaus ${school}`);
    await expectAccessible(page);
    await expectFitsPhone(page);
    await row.getByRole("button", { name: /Als bezahlt verbuchen/ }).click();
    await expect(page.getByRole("status")).toHaveText(`Rechnung ${number} als bezahlt verbucht; die Quittung folgt.`);
    await expect(page.getByRole("table", { name: "Offene Rechnungen" }).getByRole("row").filter({ hasText: number })).toHaveCount(0);

    await page.goto(`/admin/buchungen/${code}`);
    await expect(page.getByRole("region", { name: "Rechnungen" })).toContainText("bezahlt");
    await expect(page.locator("dt", { hasText: "Per Rechnung bezahlt" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Quittungen" }).getByRole("link", { name: /^Quittung Q-/ })).toHaveCount(1);
  } finally {
    await setIban(page, "", javaScriptEnabled);
  }
});

test("a phone booking «per Rechnung» is billed by e-mail, and the bank's camt.054 file books the payment once", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(6, javaScriptEnabled ? 343 : 350);
  const school = javaScriptEnabled ? "Schönengrund" : "Tannenbach";
  const iban = "CH93 0076 2011 6238 5295 7";
  await signIn(page);
  await setIban(page, iban, javaScriptEnabled);
  try {
    await page.goto(`/admin/telefonbuchung?kind=game&date=${date}&locationId=3&gameType=1&rounds=2&players=4`);
    await page.getByRole("radio", { name: /^15:00–15:40/ }).check();
    await page.getByLabel("Vorname", { exact: true }).fill("Schule");
    await page.getByLabel("Nachname", { exact: true }).fill(school);
    await page.getByLabel("Strasse und Hausnummer (optional)", { exact: true }).fill("Schulweg 9");
    await page.getByLabel("PLZ (optional)", { exact: true }).fill("9000");
    await page.getByLabel("Ort (optional)", { exact: true }).fill("St. Gallen");
    await page.getByLabel("Telefon", { exact: true }).fill("071 123 45 67");
    await page.getByLabel("E-Mail (optional)", { exact: true }).fill("sekretariat@example.ch");
    await page.getByRole("radio", { name: /Rechnung \(QR-Rechnung/ }).check();
    await page.getByRole("button", { name: "Buchung anlegen" }).click();
    await expect(page.getByText("Telefonbuchung angelegt und bestätigt; die Rechnung ging mit dem QR-Zahlteil per E-Mail an die Familie.")).toBeVisible();
    const code = (await page.getByRole("heading", { name: /^Buchung FW-/ }).textContent())!.replace("Buchung ", "").trim();
    const link = page.getByRole("region", { name: "Rechnungen" }).getByRole("link", { name: /^Rechnung R-\d{4}-\d{6}$/ });
    const number = (await link.textContent())!.replace("Rechnung ", "");
    const mail = await waitForMail(code, 15_000, (t) => t.includes(`Rechnung ${number}`));
    expect(mail).toContain("Content-Type: application/pdf");
    await expect(page.getByRole("region", { name: "E-Mails" })).toContainText("Rechnung");

    // The bank's notification: this invoice's reference and amount, plus a payment that is not ours.
    const row = (await import("node:fs")).mkdtempSync(`${(await import("node:os")).tmpdir()}/camt-`);
    const amount = (await page.getByRole("region", { name: "Rechnungen" }).locator(".invoice-item").first().textContent())!.match(/CHF (\d+\.\d{2})/)![1]!;
    const reference = paymentReference(iban.replace(/\s/g, ""), Number(number.slice(7)));
    const file = `${row}/camt054.xml`;
    (await import("node:fs")).writeFileSync(file, camt054([{ txs: [{ reference, type: "SCOR", amount, debtor: `Schule ${school}` }, { reference: "RF4712345", type: "SCOR", amount: "20.00" }] }]));

    // The open invoices' page ships no script: its forms are the same with and without JavaScript.
    await page.getByRole("navigation", { name: "Mitarbeiterbereich" }).getByRole("link", { name: "Rechnungen" }).click();
    await page.getByLabel("Bankdatei (camt.054, XML)").setInputFiles(file);
    await page.getByRole("button", { name: "Einlesen und verbuchen" }).click();
    const report = page.getByRole("region", { name: "Bankdatei eingelesen" });
    await expect(report.getByRole("status")).toHaveText("1 Zahlung verbucht, 1 zu prüfen.");
    await expect(report.getByRole("row").filter({ hasText: number })).toContainText("verbucht");
    await expect(report.getByRole("row").filter({ hasText: "RF4712345" })).toContainText("unbekannte Referenz");
    await expectAccessible(page);
    await expectFitsPhone(page);
    await expect(page.getByRole("table", { name: "Offene Rechnungen" }).getByRole("row").filter({ hasText: number })).toHaveCount(0);

    // The same file again books nothing.
    await page.getByLabel("Bankdatei (camt.054, XML)").setInputFiles(file);
    await page.getByRole("button", { name: "Einlesen und verbuchen" }).click();
    await expect(page.getByRole("region", { name: "Bankdatei eingelesen" }).getByRole("status")).toHaveText("0 Zahlungen verbucht, 2 zu prüfen.");
    await expect(page.getByRole("region", { name: "Bankdatei eingelesen" }).getByRole("row").filter({ hasText: number })).toContainText("bereits bezahlt");
    // Not a bank file: the German message, nothing booked.
    (await import("node:fs")).writeFileSync(`${row}/kein.xml`, "<html><body>Hallo</body></html>");
    await page.getByLabel("Bankdatei (camt.054, XML)").setInputFiles(`${row}/kein.xml`);
    await page.getByRole("button", { name: "Einlesen und verbuchen" }).click();
    await expect(page.getByRole("alert")).toContainText("Die Datei ist keine camt.054-Bankmitteilung (XML).");

    await page.goto(`/admin/buchungen/${code}`);
    await expect(page.getByRole("region", { name: "Rechnungen" })).toContainText("bezahlt");
  } finally {
    await setIban(page, "", javaScriptEnabled);
  }
});

