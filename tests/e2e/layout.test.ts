import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { createVoucher, expect, expectAccessible, futureWeekday, signIn, test, waitForMail } from "./helpers";

/**
 * Every page at the widths families and staff actually use, filled with realistic long data (a voucher,
 * a 30-person party, long names and addresses): nothing may be wider than the screen, no text may be
 * clipped or overflow its box, and no short word, price or time may be broken across two lines.
 * A 390 px screenshot of each page is written to test-results/layout/ for a human reviewer.
 */
const WIDTHS = [320, 360, 390, 768, 1280];
const SHOTS = path.join("test-results", "layout");

const LONG = {
  firstName: "Anna-Maria Alexandra",
  lastName: "Müller-Schneiderhahn von Gunten",
  street: "Obere Bahnhofstrasse 123b",
  zip: "8910",
  city: "Affoltern am Albis",
  phone: "+41 79 123 45 67",
  email: "anna-maria.mueller-schneiderhahn@beispiel-familie.ch",
};

type Problem = string;

/** Runs in the page: lists what is wider than the viewport, clipped, overflowing, or broken mid-word. */
function findLayoutProblems(): Problem[] {
  const problems: Problem[] = [];
  const vw = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}> "${text}"`;
  };
  if (document.documentElement.scrollWidth > vw) problems.push(`document is ${document.documentElement.scrollWidth}px wide at ${vw}px`);
  const hidden = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (e.classList.contains("visually-hidden")) return true;
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || (cs.clip !== "auto" && cs.position === "absolute")) return true;
    }
    return false;
  };
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (hidden(el) || el.tagName === "svg" || el.closest("svg")) continue;
    const cs = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right > vw + 1 && !(cs.position === "fixed")) problems.push(`${describe(el)} ends at ${Math.round(rect.right)}px, beyond ${vw}px`);
    if (cs.display !== "inline" && !["INPUT", "SELECT", "TEXTAREA", "TABLE", "TBODY", "TR"].includes(el.tagName)) {
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) problems.push(`${describe(el)} overflows its box (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  // Words broken across lines: only long words may be hyphenated; e-mail addresses may break at their dots.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || hidden(parent) || parent.closest("script, style, option, select")) continue;
    const text = node.textContent ?? "";
    // A line may break after a hyphen or slash (`Party-|Betreuung`), so each part is checked alone.
    const re = /[^\s\-–/]+[-–/]?/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const word = m[0];
      if (word.length < 2) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + word.length);
      const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size <= 1) continue;
      // E-mail and web addresses are longer than a phone is wide; they may break anywhere.
      const address = /@|https?:|\.(ch|com)\b/.test(word) || word.length > 24;
      if (!address) problems.push(`"${word}" breaks across lines in ${describe(parent)}`);
    }
  }
  return Array.from(new Set(problems));
}

async function checkPage(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = await page.evaluate(findLayoutProblems);
    expect.soft(problems, `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  await page.screenshot({ path: path.join(SHOTS, `${project}-${name}.png`), fullPage: true });
}

test("every page reads well from 320 to 1280 px with long real-world data", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const date = futureWeekday(6, javaScriptEnabled ? 35 : 42);
  const voucher = await createVoucher(page, 500);

  for (const [name, url] of [
    ["landing", "/"],
    ["offers", "/offers"],
    ["agb", "/agb"],
    ["games", "/games"],
    ["game", "/game?locationId=3"],
    ["birthday", "/birthday?locationId=4"],
    ["payment-cancel", "/payment/cancel"],
    ["payment-error", "/payment/error"],
    ["buchung", "/buchung"],
  ] as const) {
    await page.goto(url);
    await checkPage(page, name);
  }

  // A game: date, start times (the longest list: 1 round), /enter-data.
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7/);
  await checkPage(page, "date");
  await page.goto(`/slot?date=${date}`);
  await expect(page.getByRole("heading", { name: "Zeit wählen" })).toBeVisible();
  await checkPage(page, "slot");

  // The birthday of a 30-person party with a voucher.
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await checkPage(page, "find-slot-empty");
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=10&numActiveAdults=10&numAccompanyingAdults=10`);
  await page.getByRole("radio", { name: /^18:00 - 20:00/ }).check();
  if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "Ihr Termin" })).toBeVisible();
  await checkPage(page, "find-slot");
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await page.getByLabel("Vorname").fill(LONG.firstName);
  await page.getByLabel("Nachname").fill(LONG.lastName);
  await page.getByLabel("Strasse und Hausnummer").fill(LONG.street);
  await page.getByLabel("PLZ").fill(LONG.zip);
  await page.getByLabel("Ort").fill(LONG.city);
  await page.getByLabel("Telefon").fill(LONG.phone);
  await page.getByLabel("E-Mail *", { exact: true }).fill(LONG.email);
  await page.getByLabel("E-Mail wiederholen *").fill(LONG.email);
  await page.getByLabel("Nachricht (optional)").fill("Bitte eine Geburtstagstorte mit Schokoladenüberzug und zwölf Kerzen bereitstellen.");
  await checkPage(page, "enter-data");
  await expectAccessible(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  await checkPage(page, "simulated-pay");
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await checkPage(page, "payment-success");
  await expectAccessible(page);
  const code = (await page.locator("dd strong").first().textContent())!.trim();

  // The family's manage pages, from the link in the confirmation e-mail.
  const mail = await simpleParser(await waitForMail(code));
  const link = /https?:\/\/[^/\s]+(\/buchung\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Status: Bestätigt" })).toBeVisible();
  await checkPage(page, "manage");
  await page.goto(`${link}/verschieben?date=${date}`);
  await expect(page.getByRole("heading", { name: /Freie Zeiten am/ })).toBeVisible();
  await checkPage(page, "manage-move");
  await page.goto(`${link}/stornieren`);
  await checkPage(page, "manage-cancel");

  // Staff at the counter, on the same phone.
  await signIn(page);
  await checkPage(page, "admin-storno-empty");
  await page.goto(`/admin?date=${date}`);
  await expect(page.getByText(code)).toBeVisible();
  await checkPage(page, "admin-day");
  await expectAccessible(page);
  await page.goto(`/admin/storno?code=${code}`);
  await page.getByLabel("Buchungscode").fill(code);
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".result-card").getByText(LONG.email)).toBeVisible();
  await checkPage(page, "admin-storno-result");
  await expectAccessible(page);
  await page.context().clearCookies();
  await page.goto("/admin/login");
  await checkPage(page, "admin-login");
});
