import { expect, futureWeekday, holdScripts, signIn, test, waitForHydration } from "./helpers";

// A visitor on a slow phone types while the page's scripts are still loading; hydration must keep it.
// (JS project only, see playwright.config.ts.)

test("a booking code typed before the staff page hydrated is kept and sent", async ({ page }) => {
  await signIn(page);
  const scripts = await holdScripts(page);
  // Module scripts delay even DOMContentLoaded, so wait only for the response.
  await page.reload({ waitUntil: "commit" });
  await page.getByLabel("Buchungscode").fill("FW-XXXXXX");
  await scripts.release();
  // Hydrated: Zurücksetzen turns from a link into a reset button.
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toBeVisible();
  await expect(page.getByLabel("Buchungscode")).toHaveValue("FW-XXXXXX");
  await page.getByRole("button", { name: "Reservierung stornieren" }).click();
  await expect(page.locator(".toast-error")).toContainText("Keine Reservierung mit dem Buchungscode FW-XXXXXX gefunden.");
});

test("counts typed before the slot page hydrated are kept and searched", async ({ page }) => {
  const date = futureWeekday(6, 35);
  const scripts = await holdScripts(page);
  await page.goto(`/find-slot?offerId=1&date=${date}`, { waitUntil: "commit" });
  await page.getByLabel("Kinder", { exact: true }).fill("6");
  await scripts.release();
  await expect(page.getByRole("button", { name: "Kinder: eins mehr" })).toHaveAttribute("type", "button");
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("6");
  await expect(page).toHaveURL(/numChildren=6/);
  await expect(page.getByRole("radio", { name: /^10:00 - 12:00/ })).toBeEnabled();
});

test("with JavaScript, calendar days change the date in place and keep the counts", async ({ page }) => {
  const date = futureWeekday(0, 35);
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=5`);
  await expect(page.getByRole("button", { name: "Kinder: eins mehr" })).toHaveAttribute("type", "button");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("link", { name: "Nächster Monat" }).click();
  await expect(page).toHaveURL(/month=/);
  await page.locator(".calendar a[aria-label]").filter({ hasText: /^15$/ }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-15/);
  await expect(page.locator(".calendar a[aria-current=date]")).toHaveText("15");
  await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("5");
  // Still the same document: the navigation happened in the app, not by a reload.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("an offer chosen before the page hydrated keeps Weiter enabled", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/offers", { waitUntil: "commit" });
  await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
  await scripts.release();
  await waitForHydration(page);
  const next = page.getByRole("button", { name: "Weiter" });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/find-slot/);
});

// The reload after a change on /slot is a JavaScript enhancement: its race lives here, in the JS project.
test("what the family types on /slot wins over start times that arrive later", async ({ page }) => {
  const date = futureWeekday(0, 77);
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/slot?date=${date}`);
  await waitForHydration(page);
  const players = page.getByLabel(/Spieler \(1 bis/);
  await expect(players).toHaveValue("2");

  // Hold the start times the page reloads after "Runden" changes, until the family has cleared "Spieler".
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/slot\.data\b/, async (route) => {
    await gate;
    await route.continue();
  });
  const reload = page.waitForRequest(/\/slot\.data\b.*rounds=3/);
  await page.getByLabel(/Runden/).selectOption("3");
  await reload;
  await players.click();
  await players.press("End");
  await players.press("Backspace");
  await expect(players).toHaveValue("");
  const answered = page.waitForResponse(/\/slot\.data\b.*rounds=3/);
  release();
  await answered;
  await expect(page.getByRole("radio", { name: /^15:00 - 16:00/ })).toBeVisible();
  await expect(players).toHaveValue("");
  await page.unroute(/\/slot\.data\b/);
  await players.pressSequentially("6");
  await expect(players).toHaveValue("6");
  await expect(page.getByText("Preis: CHF 126.00")).toBeVisible();
  await page.getByRole("radio", { name: /^15:00 - 16:00/ }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByText("CHF 126.00").first()).toBeVisible();
});

// The same race on /find-slot: the slot search after a change of the counts answers while the family is
// already changing them again. The page's clock is held so the 300 ms debounce fires only when the test
// says: the answer then arrives, deterministically, between two changes.
test("what the family types on /find-slot wins over slots that arrive later", async ({ page }) => {
  const date = futureWeekday(6, 84);
  await page.clock.install();
  await page.goto(`/find-slot?offerId=1&date=${date}&numChildren=2&numActiveAdults=0&numAccompanyingAdults=0`);
  await waitForHydration(page);
  const children = page.getByLabel("Kinder", { exact: true });
  await expect(children).toHaveValue("2");
  await page.clock.pauseAt(Date.now() + 60_000);

  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/find-slot\.data\b/, async (route) => {
    await gate;
    await route.continue();
  });
  // 3 children: the search for 3 leaves after the debounce and is held.
  await children.fill("3");
  const search = page.waitForRequest(/\/find-slot\.data\b.*numChildren=3\b/);
  await page.clock.runFor(300);
  await search;
  // The family corrects to 1 (its own search not yet sent) when the answer for 3 arrives.
  await children.fill("1");
  const answered = page.waitForResponse(/\/find-slot\.data\b.*numChildren=3\b/);
  release();
  await answered;
  await expect(page).toHaveURL(/numChildren=3\b/);
  // Let the page render what arrived (React schedules through a message channel, not a timer).
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(null);
        channel.port2.postMessage(null);
      }),
  );
  await expect(children).toHaveValue("1");
  // One more: 2, not 4 (3 from the late answer, plus one).
  await page.unroute(/\/find-slot\.data\b/);
  await page.getByRole("button", { name: "Kinder: eins mehr" }).click();
  await expect(children).toHaveValue("2");
  const two = page.waitForResponse(/\/find-slot\.data\b.*numChildren=2\b/);
  await page.clock.runFor(300);
  await two;
  await page.clock.resume();
  await expect(page).toHaveURL(/numChildren=2\b/);
  await expect(children).toHaveValue("2");
  await expect(page.getByRole("radio", { name: /^10:00 - 12:00/ })).toBeEnabled();
});

// A key (or a tap) the very moment React starts hydrating makes it hydrate synchronously; the page
// must still hydrate, without React error #345 (see app/entry.client.tsx). The key is pressed from
// inside the page, right when React attaches its listeners — no test timing could hit that moment.
test("a key pressed the moment hydration starts still leaves an enhanced page", async ({ page }) => {
  await page.addInitScript(() => {
    const add = Document.prototype.addEventListener;
    let pressed = false;
    Document.prototype.addEventListener = function (this: Document, ...args: Parameters<Document["addEventListener"]>) {
      if (args[0] === "keydown" && !pressed) {
        pressed = true;
        queueMicrotask(() => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true })));
      }
      return add.apply(this, args);
    } as Document["addEventListener"];
  });
  const date = futureWeekday(6, 35);
  await page.goto(`/find-slot?offerId=1&date=${date}`);
  await waitForHydration(page);
  // Enhanced: the counter's step button works in place.
  await page.getByRole("button", { name: "Kinder: eins mehr" }).click();
  await expect(page.getByLabel("Kinder", { exact: true })).not.toHaveValue("");
  await expect(page).toHaveURL(/numChildren=/);
});
