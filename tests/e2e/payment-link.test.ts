import type { Browser, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { E2E_BASE_URL } from "../../playwright.config";
import { cancelAtDesk, expect, expectAccessible, futureWeekday, signIn, test, waitForMail } from "./helpers";

/** Staff take a game booking by phone, to be paid by the e-mailed link; returns its code. */
async function phoneBookingWithLink(page: Page, date: string, lastName: string): Promise<string> {
  await signIn(page);
  await page.goto(`/admin/telefonbuchung?kind=game&date=${date}&locationId=2&gameType=1&rounds=1&players=3`);
  await page.getByRole("radio", { name: /^10:00–10:20/ }).check();
  for (const [label, value] of [["Vorname", "Nora"], ["Nachname", lastName], ["Strasse und Hausnummer (optional)", "Gartenweg 4"], ["PLZ (optional)", "8600"], ["Ort (optional)", "Dübendorf"], ["Telefon", "044 987 65 43"], ["E-Mail (optional)", "nora@example.ch"]] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("radio", { name: /^Zahlungslink \(online bezahlen/ }).check();
  await page.getByRole("button", { name: "Buchung anlegen" }).click();
  await expect(page.getByText("Telefonbuchung reserviert; der Zahlungslink wurde per E-Mail gesendet.")).toBeVisible();
  return (await page.getByRole("heading", { name: /^Buchung FW-/ }).textContent())!.replace("Buchung ", "").trim();
}

/** The family's side: a browser without the staff session, JavaScript as the project says. */
async function familyPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-CH", timezoneId: "Europe/Zurich", baseURL: E2E_BASE_URL });
  return context.newPage();
}

test("a family pays a phone booking through the e-mailed site link; afterwards the link says it is paid", async ({ page, browser, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 119 : 126);
  const lastName = `Linkzahler${javaScriptEnabled ? "Js" : "Html"}`;
  const code = await phoneBookingWithLink(page, date, lastName);

  // The e-mail carries the site's own link (not the provider's page, which would expire in 30 minutes).
  const mail = await simpleParser(await waitForMail(code));
  expect(mail.subject).toBe(`Zahlungslink – Buchung ${code}, Fun World`);
  const url = new RegExp(`${E2E_BASE_URL.replace(/[.]/g, "\\.")}/zahlung/[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")?.[0];
  expect(url, "payment link in the e-mail").toBeTruthy();
  expect(mail.text).not.toContain("/simulated-pay/");

  const family = await familyPage(browser, javaScriptEnabled);
  try {
    const response = await family.goto(url!);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["cache-control"]).toBe("no-store");
    expect(response!.headers()["referrer-policy"]).toBe("same-origin");
    await expect(family.getByRole("heading", { name: "Buchung bezahlen" })).toBeVisible();
    await expect(family.getByText(code)).toBeVisible();
    await expect(family.locator("dt", { hasText: "Zu bezahlen" }).locator("+ dd")).toHaveText(/^CHF \d+\.\d\d$/);
    await expect(family.getByText(/reserviert bis .+ Uhr/)).toBeVisible();
    // Only what the payer needs: no name, address, phone or e-mail.
    for (const secret of [lastName, "Gartenweg", "044 987", "nora@example.ch"]) await expect(family.getByText(secret)).toHaveCount(0);
    await expectAccessible(family);
    await family.setViewportSize({ width: 320, height: 800 });
    expect(await family.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await family.getByRole("button", { name: "Jetzt bezahlen" }).click();
    await expect(family).toHaveURL(/\/simulated-pay\//);
    await family.getByRole("button", { name: "Bezahlen", exact: true }).click();
    await expect(family).toHaveURL(/\/payment\/success\?datatransTrxId=/);
    await expect(family.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible({ timeout: 20_000 });

    await family.goto(url!);
    await expect(family.getByRole("heading", { name: "Bereits bezahlt" })).toBeVisible();
    await expect(family.getByText("Diese Buchung ist bereits bezahlt. Die Buchungsbestätigung haben Sie per E-Mail erhalten.")).toBeVisible();
    await expect(family.getByRole("button", { name: "Jetzt bezahlen" })).toHaveCount(0);
    await expectAccessible(family);

    // A made-up link is a plain 404.
    const unknown = await family.goto(`/zahlung/${"A".repeat(43)}`);
    expect(unknown!.status()).toBe(404);
    await expect(family.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  } finally {
    await family.context().close();
  }

  // Staff see the booking confirmed and paid.
  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.locator("dt", { hasText: /^Status$/ }).first().locator("+ dd")).toHaveText(/bestätigt/);
  await expect(page.locator("dt", { hasText: /^Zahlung$/ }).locator("+ dd")).toHaveText("bezahlt");
});

test("a cancelled phone booking's payment link says so (410) and offers no payment", async ({ page, browser, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 133 : 140);
  const code = await phoneBookingWithLink(page, date, `Storniert${javaScriptEnabled ? "Js" : "Html"}`);
  const mail = await simpleParser(await waitForMail(code));
  const url = /\/zahlung\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0];

  await page.goto("/admin/storno");
  await cancelAtDesk(page, code);
  await expect(page.locator(".result-card").getByText(`Die Reservierung ${code} wurde storniert.`)).toBeVisible();

  const family = await familyPage(browser, javaScriptEnabled);
  try {
    const response = await family.goto(url);
    expect(response!.status()).toBe(410);
    await expect(family.getByRole("heading", { name: "Buchung storniert" })).toBeVisible();
    await expect(family.getByText("Diese Buchung wurde storniert. Eine Zahlung ist nicht mehr möglich.")).toBeVisible();
    await expect(family.getByRole("button", { name: "Jetzt bezahlen" })).toHaveCount(0);
    await expectAccessible(family);
  } finally {
    await family.context().close();
  }
});
