import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { E2E_ADMIN_PASSWORD, E2E_STAFF_EMAIL } from "../../playwright.config";
import { createVoucher, expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Every page at the widths families and staff actually use, filled with realistic long data (a voucher,
 * a 30-person party, long names and addresses): nothing may be wider than the screen, no text may be
 * clipped or overflow its box, no short word may be broken across two lines, and no time range, amount,
 * booking code or phone number may be split over two lines (not even at one of its spaces).
 * A 390 px screenshot of each page is attached to the report and written to test-results/layout/ for a
 * human reviewer.
 */
const WIDTHS = [320, 360, 390, 412, 768, 1280];
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

/** Runs in the page: lists what is wider than the viewport, clipped, overflowing, or broken where it must not be. */
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
  // Form fields are touch targets: the shared style gives every text-like field 44 px. A field the
  // style misses (a new input type) shows as the browser's small default box, hard to hit on a phone.
  const fields = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([type=reset]), select, textarea";
  for (const el of Array.from(document.body.querySelectorAll(fields))) {
    if (hidden(el)) continue;
    const height = el.getBoundingClientRect().height;
    if (height > 0 && height < 43.5) problems.push(`${describe(el)} is ${Math.round(height)}px tall, less than a 44 px touch target`);
  }
  /** The lines a stretch of text is laid out on (client rects more than half a line apart start a new line). */
  const lines = (range: Range) => {
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) return 0;
    const half = Math.min(...rects.map((r) => r.height)) / 2;
    const tops: number[] = [];
    for (const r of rects.map((x) => x.top).sort((a, b) => a - b)) if (tops.length === 0 || r - tops[tops.length - 1]! > half) tops.push(r);
    return tops.length;
  };
  const range = document.createRange();
  const textNodes: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || hidden(parent) || parent.closest("script, style, option, select, noscript")) continue;
    textNodes.push(node as Text);
  }
  // Words broken across lines: only long words may be hyphenated; e-mail addresses may break at their dots.
  for (const node of textNodes) {
    const text = node.textContent ?? "";
    // A line may break after a hyphen or slash (`Party-|Betreuung`), so each part is checked alone.
    const re = /[^\s\-–/]+[-–/]?/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const word = m[0];
      if (word.length < 2) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + word.length);
      if (lines(range) <= 1) continue;
      // E-mail and web addresses are longer than a phone is wide; they may break anywhere.
      const address = /@|https?:|\.(ch|com)\b/.test(word) || word.length > 24;
      if (!address) problems.push(`"${word}" breaks across lines in ${describe(node.parentElement!)}`);
    }
  }
  // Things read as one unit must stay on one line even where they contain a space or a dash:
  // `10:00 - 12:00`, `CHF 161.00`, `− CHF 20.00`, `FW-AB12CD`, `+41 79 123 45 67`. React splits
  // `{start} - {end}` into several text nodes, so the page's text is searched as one string, a
  // paragraph break between block boxes, and each match measured as a range over its nodes.
  // Where the unit is a value (a tile, a table cell, a summary line, a short message) it must never be
  // split; inside running text (a block of more than 60 characters) it wraps like the words around it.
  const block = (n: Node) => {
    for (let e = n.parentElement; e; e = e.parentElement) if (getComputedStyle(e).display !== "inline") return e;
    return document.body;
  };
  let all = "";
  const starts: number[] = [];
  let lastBlock: Element | null = null;
  for (const node of textNodes) {
    const b = block(node);
    if (lastBlock && b !== lastBlock) all += "\n";
    lastBlock = b;
    starts.push(all.length);
    all += node.textContent ?? "";
  }
  const at = (index: number): [Text, number] => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return [textNodes[lo]!, index - starts[lo]!];
  };
  const UNITS = [
    /\d{1,2}:\d{2}[ \u00a0]?[-–][ \u00a0]?\d{1,2}:\d{2}(?:[ \u00a0]Uhr)?/g,
    /(?:[−-][ \u00a0])?CHF[ \u00a0]\d[\d']*\.\d{2}/g,
    /\bFW-[A-Z0-9]{6}\b/g,
    /(?:\+41[ \u00a0]?\d{2}|\b0\d{2})(?:[ \u00a0]\d{2,3}){3}\b/g,
  ];
  for (const re of UNITS) {
    for (let m = re.exec(all); m; m = re.exec(all)) {
      const [startNode, startOffset] = at(m.index);
      const [endNode, endOffset] = at(m.index + m[0].length - 1);
      const where = block(startNode);
      const running = (where.textContent ?? "").trim().replace(/\s+/g, " ").length > 60 && !startNode.parentElement!.closest(".nobreak, .nowrap, .phone");
      if (running) continue;
      range.setStart(startNode, startOffset);
      range.setEnd(endNode, endOffset + 1);
      if (lines(range) > 1) problems.push(`"${m[0]}" is split over two lines in ${describe(where)}`);
    }
  }
  // Elements marked as one unit (and the price column of a summary) stay on one line whatever they hold
  // (a cell with a line break of its own, time<br>code, is checked by the units above).
  for (const el of Array.from(document.body.querySelectorAll(".nobreak, .nowrap, .phone, .price-detail, .summary dd strong, .summary dl.price-lines dd"))) {
    if (hidden(el) || el.querySelector("br")) continue;
    range.selectNodeContents(el);
    if (lines(range) > 1) problems.push(`${describe(el)} is marked as one unit but runs over several lines`);
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
  const info = test.info();
  const file = path.join(SHOTS, `${info.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(`${name} at 390 px`, { path: file, contentType: "image/png" });
}

/** Two elements are set in the same font (a <button> and a link styled as one, two card headings). */
async function expectSameFont(page: Page, a: string, b: string, what: string) {
  const font = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const cs = getComputedStyle(el);
      return `${cs.fontFamily} ${cs.fontSize} ${cs.fontWeight}`;
    });
  expect(await font(a), what).toBe(await font(b));
}

async function fillLongContact(page: Page) {
  await page.getByLabel("Vorname").fill(LONG.firstName);
  await page.getByLabel("Nachname").fill(LONG.lastName);
  await page.getByLabel("Strasse und Hausnummer").fill(LONG.street);
  await page.getByLabel("PLZ").fill(LONG.zip);
  await page.getByLabel("Ort").fill(LONG.city);
  await page.getByLabel("Telefon").fill(LONG.phone);
  await page.getByLabel("E-Mail *", { exact: true }).fill(LONG.email);
  await page.getByLabel("E-Mail wiederholen *").fill(LONG.email);
}

test("every customer page reads well from 320 to 1280 px with long real-world data", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(240_000);
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
    ["gutschein", "/gutschein"],
  ] as const) {
    await page.goto(url);
    await checkPage(page, name);
  }

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
  // The calendar card keeps the same distance to the next card as cards among themselves.
  const gap = await page.locator(".calendar").evaluate((calendar) => {
    const next = calendar.nextElementSibling!.querySelector(".card") ?? calendar.nextElementSibling!;
    return next.getBoundingClientRect().top - calendar.getBoundingClientRect().bottom;
  });
  expect(gap, "space between the calendar and the next card").toBeGreaterThanOrEqual(12);
  await expectSameFont(page, "a.button", "button.button", "'Zurück' (a link) and 'Weiter' (a button)");
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await page.getByLabel("Gutscheincode").fill(voucher);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByText("Gutschein ist gültig.")).toBeVisible();
  await fillLongContact(page);
  await page.getByLabel("Nachricht (optional)").fill("Bitte eine Geburtstagstorte mit Schokoladenüberzug und zwölf Kerzen bereitstellen.");
  await checkPage(page, "enter-data");
  await expectSameFont(page, ".actions a.button, .actions button.button-secondary", ".actions button.button:not(.button-secondary)", "'Zurück' and 'Weiter zur Zahlung'");
  await expectAccessible(page);
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByRole("button", { name: "Bezahlen" })).toBeVisible();
  await checkPage(page, "simulated-pay");
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("heading", { name: "Zahlung erfolgreich!" })).toBeVisible();
  await checkPage(page, "payment-success");
  // "Hinweise" is a card heading like "Ihre Buchung", not a bigger one.
  await expectSameFont(page, ".notes h2", ".card h2", "'Hinweise' and 'Ihre Buchung'");
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
});

test("a game booking and the unhappy payment states read well from 320 to 1280 px", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(240_000);
  const date = futureWeekday(0, javaScriptEnabled ? 35 : 42);

  // A game: date, start times (the longest list: 1 round), /enter-data, /success.
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7/);
  await checkPage(page, "date");
  await page.goto(`/slot?date=${date}&rounds=1&players=10`);
  await expect(page.getByRole("heading", { name: "Zeit wählen" })).toBeVisible();
  await checkPage(page, "slot");
  await page.getByRole("radio", { name: /^16:20 - / }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await fillLongContact(page);
  await checkPage(page, "game-enter-data");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toBeVisible();
  await checkPage(page, "game-success");

  // A birthday whose payment is first cancelled, then fails: the status page of each transaction.
  await page.goto("/offers");
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/find-slot/);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=10&numActiveAdults=10&numAccompanyingAdults=10`);
  await page.getByRole("radio", { name: /^10:00 - 12:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await fillLongContact(page);
  for (const [outcome, heading, name] of [
    ["Abbrechen", "Zahlung abgebrochen", "payment-success-cancelled"],
    ["Fehler simulieren", "Zahlung fehlgeschlagen", "payment-success-failed"],
  ] as const) {
    await page.getByLabel(/Ich akzeptiere die/).check();
    await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
    // ("Abbrechen" is a button of /enter-data too: wait for the provider's page itself.)
    await expect(page).toHaveURL(/\/simulated-pay\//);
    const transactionId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: outcome }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.goto(`/payment/success?datatransTrxId=${transactionId}`);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await checkPage(page, name);
    await page.getByRole("link", { name: "Zurück zur Buchung" }).click();
    await expect(page).toHaveURL(/\/enter-data$/);
  }
});

test("every staff page reads well from 320 to 1280 px with long real-world data", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(300_000);
  const date = futureWeekday(6, javaScriptEnabled ? 35 : 42);
  // A 30-person party with long names, paid by a voucher (confirmed at once).
  const voucher = await createVoucher(page, 1000);
  const reserved = await page.request.post("/api/birthday/reserve", {
    data: {
      reservationDate: date,
      selectedSlots: [{ startTime: "14:00", endTime: "" }],
      numChildren: 10,
      numActiveAdults: 10,
      numAccompanyingAdults: 10,
      selectedOffer: { offerId: 1 },
      couponCode: voucher,
      ...LONG,
      message: "Bitte eine Geburtstagstorte mit Schokoladenüberzug und zwölf Kerzen bereitstellen.",
    },
  });
  expect(reserved.status()).toBe(200);
  const { bookingCode: code } = (await reserved.json()) as { bookingCode: string };

  await signIn(page);
  await checkPage(page, "admin-storno-empty");
  await page.goto(`/admin?date=${date}`);
  await expect(page.getByText(code)).toBeVisible();
  await checkPage(page, "admin-day");
  await expectAccessible(page);

  await page.goto(`/admin/buchungen?q=${encodeURIComponent(LONG.email)}`);
  await expect(page.getByRole("row").filter({ hasText: code })).toBeVisible();
  await checkPage(page, "admin-search");
  await page.goto(`/admin/buchungen/${code}`);
  await expect(page.getByRole("heading", { name: `Buchung ${code}` })).toBeVisible();
  await page.getByLabel("Neue Notiz").fill("Vater ruft an: Die Familie kommt mit zwei zusätzlichen Grosseltern, bitte Stühle bereitstellen.");
  await page.getByRole("button", { name: "Notiz speichern" }).click();
  await expect(page.getByText("Notiz gespeichert.")).toBeVisible();
  await checkPage(page, "admin-booking");
  await page.goto(`/admin/buchungen/${code}/verschieben?date=${date}`);
  await expect(page.getByRole("heading", { name: `Buchung ${code} verschieben` })).toBeVisible();
  await checkPage(page, "admin-booking-move");

  await page.goto("/admin/telefonbuchung");
  await expect(page.getByRole("heading", { name: "1. Was und wann" })).toBeVisible();
  await checkPage(page, "admin-phone-booking");
  await page.goto(`/admin/telefonbuchung?kind=birthday&date=${date}&offerId=1&numChildren=10&numActiveAdults=10&numAccompanyingAdults=10`);
  await expect(page.getByRole("heading", { name: /^2\. Zeit und Kontakt/ })).toBeVisible();
  await page.getByLabel("Vorname", { exact: true }).fill(LONG.firstName);
  await page.getByLabel("Nachname", { exact: true }).fill(LONG.lastName);
  await page.getByLabel("E-Mail (optional)", { exact: true }).fill(LONG.email);
  await checkPage(page, "admin-phone-booking-birthday");
  await page.goto(`/admin/telefonbuchung?kind=game&date=${date}&locationId=3&gameType=1&rounds=1&players=10`);
  await expect(page.getByRole("heading", { name: /^2\. Zeit und Kontakt/ })).toBeVisible();
  await checkPage(page, "admin-phone-booking-game");

  await page.goto("/admin/export");
  await checkPage(page, "admin-export");
  await page.goto(`/admin/tagesliste?from=${date}&to=${date}`);
  await expect(page.getByRole("row").filter({ hasText: code })).toBeVisible();
  await checkPage(page, "admin-day-list");
  for (const [name, url] of [
    ["admin-settings", "/admin/einstellungen"],
    ["admin-settings-hours", "/admin/einstellungen/oeffnungszeiten"],
    ["admin-settings-closures", "/admin/einstellungen/schliessungen"],
    ["admin-settings-tables", "/admin/einstellungen/tische"],
    ["admin-settings-offers", "/admin/einstellungen/angebote"],
    ["admin-settings-locations", "/admin/einstellungen/spielorte"],
  ] as const) {
    await page.goto(url);
    await checkPage(page, name);
  }
  // Staff accounts, one with an address as long as a phone is wide (created through the page's form).
  await page.goto("/admin/einstellungen/mitarbeitende");
  if (javaScriptEnabled) await waitForHydration(page);
  const longAccount = `anna-maria.mueller-schneiderhahn-${test.info().project.name}@beispiel-funworld.ch`;
  await page.getByLabel("E-Mail (Anmeldename)").fill(longAccount);
  await page.getByLabel("Erstes Passwort (mindestens 10 Zeichen)").fill("ein-langes-passwort");
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("status")).toContainText(longAccount);
  await checkPage(page, "admin-settings-accounts");

  await page.goto(`/admin/storno?code=${code}`);
  await page.getByLabel("Buchungscode").fill(code);
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".result-card").getByText(LONG.email)).toBeVisible();
  await checkPage(page, "admin-storno-preview");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Jetzt stornieren" }).click();
  await expect(page.getByRole("heading", { name: "Stornierte Reservierung" })).toBeVisible();
  await checkPage(page, "admin-storno-result");
  await expectAccessible(page);

  // A staff member (not a manager) on a manager's page: the 403 page.
  await page.context().clearCookies();
  await page.goto("/admin/login");
  await checkPage(page, "admin-login");
  await page.getByLabel("E-Mail").fill(E2E_STAFF_EMAIL);
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/admin/);
  const refused = await page.goto("/admin/einstellungen");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 – Kein Zugriff" })).toBeVisible();
  await checkPage(page, "admin-403");
});

test("the layout check itself sees a time, amount, code or phone number split at a space", async ({ page }) => {
  // The check above must be able to fail: narrow boxes that force each unit onto two lines.
  await page.goto("/robots.txt");
  await page.setContent(`<!doctype html><html><body style="margin:0;font:16px sans-serif">
    <dl><dd style="width:4.5em">CHF 161.00</dd></dl>
    <p style="width:4em">10:00 - 12:00</p>
    <p style="width:3.5em">FW-AB12CD</p>
    <p style="width:6em">+41 79 123 45 67</p>
    <p style="width:12em">Die Online-Zahlung von CHF 120.00 wird Ihnen nach der Stornierung zurückerstattet.</p>
  </body></html>`);
  await page.setViewportSize({ width: 390, height: 800 });
  const problems = await page.evaluate(findLayoutProblems);
  for (const unit of ["CHF 161.00", "10:00 - 12:00", "FW-AB12CD", "+41 79 123 45 67"]) {
    expect(problems.some((p) => p.startsWith(`"${unit}" is split over two lines`)), `${unit} in ${JSON.stringify(problems)}`).toBe(true);
  }
  // Running text wraps like running text.
  expect(problems.some((p) => p.includes("CHF 120.00"))).toBe(false);
});
