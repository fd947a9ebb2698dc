import { createVoucher, expect, futureWeekday, test } from "./helpers";

/**
 * "Nothing typed is lost": a 2,000-character message (an allergy list) survives the voucher check
 * and the slot taken at the last moment, with and without JavaScript. What the family types is kept
 * in the server-side draft; the cookie holds only its signed id.
 */

const MESSAGE = `Allergien: ${"Erdnüsse, Haselnüsse, Milch, Ei, Sesam. ".repeat(60)}`.slice(0, 2000);

const CONTACT = {
  Vorname: "Lena",
  Nachname: "Allergiker",
  "Strasse und Hausnummer": "Seeweg 3",
  PLZ: "6003",
  Ort: "Luzern",
  Telefon: "041 123 45 67",
};

test("a 2,000-character message survives the voucher check and a slot taken at the last moment", async ({ page, javaScriptEnabled }) => {
  expect(MESSAGE).toHaveLength(2000);
  const voucher = await createVoucher(page, 5);
  // Its own Thursday per project and per repetition (--repeat-each): the slot is taken on purpose below.
  const date = futureWeekday(4, (javaScriptEnabled ? 56 : 63) + 14 * test.info().repeatEachIndex);
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  // 30 persons: only the largest table fits, so one other booking takes the slot.
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=10&numActiveAdults=10&numAccompanyingAdults=10`);
  await page.getByRole("radio", { name: /^14:00 - 16:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);

  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("lena@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("lena@example.ch");
  const message = page.getByLabel("Nachricht (optional)");
  await expect(message).toHaveAttribute("maxlength", "2000");
  await expect(page.getByLabel("Vorname")).toHaveAttribute("maxlength", "100");
  await message.fill(MESSAGE);

  // The voucher check: without JavaScript a post and a redirect, everything typed carried over.
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await expect(message).toHaveValue(MESSAGE);
  await expect(page.getByLabel("Vorname")).toHaveValue("Lena");

  const other = await page.request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime: "14:00", endTime: "" }],
      numChildren: 10,
      numActiveAdults: 10,
      numAccompanyingAdults: 10,
      selectedOffer: { offerId: 1 },
      firstName: "Beat",
      lastName: "Keller",
      street: "Seestrasse 5",
      zip: "8002",
      city: "Zürich",
      phone: "044 987 65 43",
      email: "beat@example.ch",
    },
  });
  expect(other.status()).toBe(200);

  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Dieser Termin wurde soeben vergeben." })).toBeVisible();
  await expect(message).toHaveValue(MESSAGE);
  await page.getByRole("button", { name: "Anderen Zeitslot wählen" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.getByRole("radio", { name: /^16:00 - 18:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByText("16:00 - 18:00")).toBeVisible();
  await expect(page.getByLabel("Vorname")).toHaveValue("Lena");
  await expect(message).toHaveValue(MESSAGE);

  // The cookie stays small whatever is typed: it names the draft, it does not carry it.
  const draftCookie = (await page.context().cookies()).find((c) => c.name === "fw_draft");
  expect(draftCookie, "the draft cookie").toBeDefined();
  expect(draftCookie!.value.length).toBeLessThan(200);
});
