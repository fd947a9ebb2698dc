import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_TOKEN, E2E_DATA_DIR } from "../../playwright.config";

/** Every test fails on a console error or an uncaught page error, and checks accessibility on demand. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A rejected form (or, with JavaScript, a rejected API call) answers with its 4xx status, and
      // Chrome logs every such response; those are the tests' subject, not failures.
      const expected = /status of (400|401|403|404|409|429)\b/;
      // Remix 2.17 (single fetch) logs the AbortError of a navigation interrupted while its answer was
      // still being decoded (`console.error(e)` in @remix-run/react's single-fetch.js, before it gives
      // the aborted load up): a family pressing «Weiter» while a reload of the slot list streams in. The
      // router handles the interruption (the newer navigation wins); only the log is left.
      const interrupted = /^AbortError: signal is aborted without reason/;
      page.on("console", (m) => {
        if (m.type() === "error" && !expected.test(m.text()) && !interrupted.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      // Every page runs under the site's Content-Security-Policy: anything it blocks fails the test
      // (Chrome logs most violations itself; the event also catches those it only reports).
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} in ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use();
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe runs inside the page, which a JavaScript-disabled page cannot do: there, the exact HTML the
 * family sees is copied (minus scripts) into a JavaScript-enabled page on the same origin.
 */
export async function expectAccessible(page: Page) {
  let target = page;
  let scratch: BrowserContext | undefined;
  if (test.info().project.use.javaScriptEnabled === false) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    scratch = await page.context().browser()!.newContext({ javaScriptEnabled: true, baseURL: test.info().project.use.baseURL });
    target = await scratch.newPage();
    await target.goto("/robots.txt");
    await target.setContent(html, { waitUntil: "load" });
  }
  // A toast fades in (0.45 s): measured half-transparent, its text fails the contrast rule. Check
  // what the family reads once it has settled (endless animations such as the spinner excepted).
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  await scratch?.close();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "axe violations").toEqual([]);
}

/** `YYYY-MM-DD` of the next given weekday (0 = Sunday) at least `minDays` ahead, Zurich time. */
export function futureWeekday(weekday: number, minDays = 3): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + minDays);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function formatDE(iso: string) {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

export async function createVoucher(page: Page, amount: number): Promise<string> {
  const response = await page.request.post("/api/vouchers", {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: { amount },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { code: string }).code;
}

/** The `.eml` files the server wrote for a booking code (the mail outbox without SMTP). */
export async function waitForMail(code: string, timeoutMs = 15_000, matching: (text: string) => boolean = () => true): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml") && f.includes(code))) {
        const text = readFileSync(path.join(dir, file), "utf8");
        if (matching(text)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail for ${code} in ${dir}`);
}

/** Opens /find-slot on a date by clicking through the calendar as a family would. */
export async function pickDate(page: Page, iso: string) {
  const label = new Intl.DateTimeFormat("de-CH", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${iso}T12:00:00Z`))
    .replace(/^(\w+), (\d+)\. /, "$1, $2. ");
  for (let i = 0; i < 3; i++) {
    const link = page.getByRole("link", { name: label, exact: true });
    if (await link.count()) {
      await link.click();
      await expect(page.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "date");
      return;
    }
    // Wait for the next month's grid itself, not the URL: with JavaScript the URL changes before
    // React has shown the new month, and a check in between would skip a month.
    const shown = page.locator(".calendar h2");
    const before = await shown.textContent();
    await page.getByRole("link", { name: "Nächster Monat" }).click();
    await expect(shown).not.toHaveText(before ?? "");
  }
  throw new Error(`date ${iso} (${label}) not found in the calendar`);
}

/**
 * Cancels on /admin/storno (signed in, on the page): the spec's form shows the preview, then
 * «Jetzt stornieren» with the given refund choice (issue #29 §1).
 */
export async function cancelAtDesk(page: Page, code: string, options: { reason?: string; refund?: RegExp } = {}) {
  await page.getByLabel("Buchungscode").fill(code);
  if (options.reason !== undefined) await page.getByLabel("Stornierungsgrund (optional)").fill(options.reason);
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.getByRole("heading", { name: "Stornierung prüfen" })).toBeVisible();
  await expect(page.locator(".result-card")).toContainText(code.toUpperCase());
  if (options.refund) await page.getByRole("radio", { name: options.refund }).check();
  await page.getByRole("button", { name: "Jetzt stornieren" }).click();
}

/** Signs in as the bootstrap staff account on the way to /admin/storno. */
export async function signIn(page: Page) {
  await page.goto("/admin/storno");
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/admin\/storno$/);
  await expect(page.getByRole("heading", { name: "Reservierungen verwalten" })).toBeVisible();
  // With JavaScript, act on the enhanced page (typing before hydration has its own tests).
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

/**
 * Holds back the page's JavaScript until `release()`, so a test can act as a visitor on a slow phone
 * who types before the page has hydrated.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  // The route stays: once the gate is open it lets every script through at once.
  return { release: async () => open() };
}

/** Waits until React has taken over the page and the renders its mount effects asked for are on screen. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
