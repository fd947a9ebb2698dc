import type { Page } from "@playwright/test";
import { LAST_ATTEMPT } from "../../app/domain/status-refresh";
import { createVoucher, expect, expectAccessible, futureWeekday, test } from "./helpers";

/**
 * Issue #27: the way back from the provider's page (Back, «Zahlung fortsetzen», «Ändern»), a GET
 * return that must not give up an open payment, and the pending page's reload without JavaScript.
 * Each test books its own Saturday far ahead, so it never competes with the other files; a party of
 * 25 fits the 30-seat table only, so a held slot reads as taken.
 */
const CONTACT = { Vorname: "Lea", Nachname: "Zurück", "Strasse und Hausnummer": "Seeweg 2", PLZ: "8002", Ort: "Zürich", Telefon: "044 222 33 44" };

async function toPayment(page: Page, date: string, start: string, voucher?: string) {
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?date=${date}&numChildren=10&numActiveAdults=10&numAccompanyingAdults=5`);
  await page.getByRole("radio", { name: new RegExp(`^${start}`) }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label, { exact: false }).first().fill(value);
  await page.getByLabel("E-Mail *", { exact: true }).fill("lea@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("lea@example.ch");
  await page.getByLabel("Nachricht (optional)").fill("Torte mit Kerzen · bitte");
  if (voucher) {
    await page.getByLabel("Gutscheincode").fill(voucher);
    await page.getByRole("button", { name: "Prüfen" }).click();
    await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  }
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  return page.url().split("/").at(-1)!;
}

/** The page fits a 320 px phone without sideways scrolling. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function slotFree(page: Page, date: string, start: string): Promise<boolean> {
  const slots = await page.request.get(`/api/tables/available?date=${date}&count=25&offerId=1`);
  const list = (await slots.json()) as { startTime: string; available: boolean; availableTables?: number }[];
  return list.find((s) => s.startTime === start)?.available === true;
}

test("Back from the provider's page shows the booking in progress: continue paying, or change with hold and voucher given back", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(6, javaScriptEnabled ? 196 : 203);
  const voucher = await createVoucher(page, 30);
  const trx = await toPayment(page, date, "12:00", voucher);
  const amount = (await page.locator(".total").textContent())!.trim();

  // The browser's Back button: the booking in progress, not an empty form at full price.
  await page.goBack();
  await expect(page).toHaveURL(/\/enter-data\/unpaid$/);
  await expect(page.getByText("Ihre Buchung ist noch nicht bezahlt")).toBeVisible();
  await expect(page.getByText(/Wir halten den Termin bis \d\d:\d\d Uhr für Sie frei/)).toBeVisible();
  await expect(page.getByText("Lea Zurück")).toBeVisible();
  await expect(page.getByText("Torte mit Kerzen · bitte")).toBeVisible();
  await expect(page.getByText(voucher)).toBeVisible();
  await expect(page.getByText("− CHF 30.00")).toBeVisible();
  await expect(page.getByText(amount).first()).toBeVisible();
  await expect(page.getByText("Gutschein wurde bereits vollständig eingelöst.")).toHaveCount(0);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // «Zahlung fortsetzen»: the same payment at the provider.
  await page.getByRole("button", { name: "Zahlung fortsetzen" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  expect(page.url().split("/").at(-1)).toBe(trx);

  // Back again, then «Ändern»: hold and voucher given back at once, the form filled as typed.
  await page.goBack();
  await expect(page.getByRole("button", { name: "Ändern" })).toBeVisible();
  expect(await slotFree(page, date, "12:00")).toBe(false);
  await page.getByRole("button", { name: "Ändern" }).click();
  await expect(page.getByLabel("Vorname")).toHaveValue("Lea");
  await expect(page.getByLabel("Nachricht (optional)")).toHaveValue("Torte mit Kerzen · bitte");
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await expect(page.getByText("Verfügbarer Betrag: CHF 30.00")).toBeVisible();
  expect(await slotFree(page, date, "12:00")).toBe(true);
  // The family's own voucher checks as valid again.
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await expect(page.getByText("Gutschein wurde bereits vollständig eingelöst.")).toHaveCount(0);

  // And books as before: a new hold, a new payment, paid.
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  expect(page.url().split("/").at(-1)).not.toBe(trx);
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
});

test("a cancel return opened while the provider still has the payment open changes nothing until the family confirms with a POST", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(6, javaScriptEnabled ? 210 : 217);
  const trx = await toPayment(page, date, "14:00");
  // Only a link to the cancel page (a prefetch, a bookmark): the provider has not cancelled anything.
  await page.goto(`/payment/cancel?datatransTrxId=${trx}`);
  await expect(page.getByRole("heading", { name: "Zahlung noch offen" })).toBeVisible();
  expect(await slotFree(page, date, "14:00")).toBe(false);
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "Zahlung abbrechen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung abgebrochen" })).toBeVisible();
  expect(await slotFree(page, date, "14:00")).toBe(true);
});

test("the pending payment page reloads from the head, backing off, and stops with «Status prüfen»", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(6, javaScriptEnabled ? 224 : 231);
  const trx = await toPayment(page, date, "16:00");
  const url = `/payment/success?datatransTrxId=${trx}`;
  const html = await (await page.request.get(url)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const body = html.slice(html.indexOf("<body"));
  expect(head).toContain(`<noscript><meta http-equiv="refresh" content="1;url=/payment/success?datatransTrxId=${trx}&amp;versuch=1"/></noscript>`);
  expect(body).not.toMatch(/<meta[^>]+refresh/);

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Zahlung wird verarbeitet" })).toBeVisible();
  if (!javaScriptEnabled) {
    // Without JavaScript the page reloads itself: after 1 s, then 2 s later.
    await expect(page).toHaveURL(/versuch=1$/, { timeout: 5_000 });
    await expect(page).toHaveURL(/versuch=2$/, { timeout: 5_000 });
    const second = await (await page.request.get(page.url())).text();
    expect(second).toContain(`content="5;url=/payment/success?datatransTrxId=${trx}&amp;versuch=3"`);
  }

  // After a few minutes: no more reloads, a plain GET button instead.
  const last = `${url}&versuch=${LAST_ATTEMPT}`;
  expect(await (await page.request.get(last)).text()).not.toContain('http-equiv="refresh"');
  await page.goto(last);
  await expect(page.getByRole("button", { name: "Status prüfen" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "Status prüfen" }).click();
  await expect(page).toHaveURL(new RegExp(`datatransTrxId=${trx}&versuch=${LAST_ATTEMPT}$`));
  await expect(page.getByRole("heading", { name: "Zahlung wird verarbeitet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Status prüfen" })).toBeVisible();
});
