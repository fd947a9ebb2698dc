import { readFile } from "node:fs/promises";
import { simpleParser } from "mailparser";
import { expect, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";
import { pdfText } from "../setup/pdf-text";

/**
 * Issue #33 §2: a French family's receipt is a French PDF («Quittance», French file name) on its
 * French manage page, and staff download the very same document from the German staff page (a
 * document shows as issued). A number the booking does not have answers in French. JS on and off.
 */
test("fr: the receipt of a French booking is French, for the family and for staff", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 343 : 350);
  await page.goto(`/fr/find-slot?offerId=1&date=${date}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=1`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Continuer vers vos coordonnées" }).click();
  await expect(page).toHaveURL(/\/fr\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);
  const email = `quittance-${javaScriptEnabled ? "js" : "nojs"}@example.ch`;
  const fields: [RegExp, string][] = [
    [/^Prénom/, "Léa"],
    [/^Nom\b/, "Dubois"],
    [/^Rue et numéro/, "Rue du Lac 4"],
    [/^NPA/, "1003"],
    [/^Localité/, "Lausanne"],
    [/^Téléphone/, "021 345 67 89"],
    [/^E-mail\b/, email],
    [/^Confirmer l'e-mail/, email],
  ];
  for (const [label, value] of fields) await page.getByLabel(label).first().fill(value);
  await page.getByLabel(/J'accepte les/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page.getByRole("heading", { name: "Paiement réussi !" })).toBeVisible();
  const code = (await page.locator("dd strong").first().textContent())!.trim();
  const mail = await simpleParser(await waitForMail(code));
  const manage = /https?:\/\/[^/\s]+(\/fr\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;

  await page.goto(manage);
  const receiptLink = page.getByRole("link", { name: /^Quittance Q-\d{4}-\d{6}$/ });
  await expect(receiptLink).toHaveCount(1);
  const number = (await receiptLink.textContent())!.replace("Quittance ", "");
  const download = page.waitForEvent("download");
  await receiptLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`quittance-${number}.pdf`);
  const text = await pdfText(await readFile((await file.path())!));
  for (const expected of ["Quittance", number, code, "Léa Dubois", "Réservation", "Payé en ligne (carte/TWINT)", "TVA 8,1", "Merci beaucoup de votre visite."]) expect(text).toContain(expected);
  for (const german of ["Quittung", "Buchung", "Online bezahlt", "MWST 8.1", "Vielen Dank", "Uhr"]) expect(text).not.toContain(german);
  // A number this booking does not have: 404, in the booking's language.
  const missing = await page.request.get(`${manage.replace(/^\/fr/, "")}/beleg/Q-2000-000001`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toBe("Ce document n’existe pas pour cette réservation.");

  // Staff download the document as issued: French.
  await signIn(page);
  const staffPdf = await page.request.get(`/admin/buchungen/${code}/beleg/${number}`);
  expect(staffPdf.status()).toBe(200);
  expect(staffPdf.headers()["content-disposition"]).toBe(`attachment; filename="quittance-${number}.pdf"`);
  expect(await pdfText(await staffPdf.body())).toBe(text);
});
