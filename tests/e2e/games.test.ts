import type { Page } from "@playwright/test";
import { expect, expectAccessible, futureWeekday, pickDate, test, waitForMail } from "./helpers";

async function fillContactAndPay(page: Page) {
  await page.getByLabel("Vorname").fill("Nina");
  await page.getByLabel("Nachname").fill("Graf");
  await page.getByLabel("Strasse und Hausnummer").fill("Rosenweg 8");
  await page.getByLabel("PLZ").fill("8400");
  await page.getByLabel("Ort").fill("Winterthur");
  await page.getByLabel("Telefon").fill("052 222 33 44");
  await page.getByLabel("E-Mail *", { exact: true }).fill("nina@example.ch");
  await page.getByLabel("E-Mail wiederholen *").fill("nina@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole("heading", { name: "Buchung abgeschlossen" })).toBeVisible();
  const code = (await page.locator("strong").filter({ hasText: /^FW-/ }).textContent())!.trim();
  await expect(page.getByText(/Bitte prüfen Sie auch Ihren Spam-Ordner/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zum Start" })).toBeVisible();
  // Not only the code: what was booked.
  await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toBeVisible();
  await expect(page.locator(".summary dt", { hasText: /^Spieler$/ })).toBeVisible();
  await expect(page.locator(".summary dt", { hasText: /^Runden$/ })).toBeVisible();
  await expectAccessible(page);
  expect(await waitForMail(code)).toContain(code);
}

async function chooseStart(page: Page, javaScriptEnabled: boolean, rounds: string, players: string, start: string) {
  await expect(page.getByRole("heading", { name: "Zeit wählen" })).toBeVisible();
  await page.getByLabel(/Runden/).selectOption(rounds);
  await page.getByLabel(/Spieler \(1 bis/).fill(players);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Startzeiten anzeigen" }).click();
  const radio = page.getByRole("radio", { name: new RegExp(`^${start} - `) });
  await expect(radio).toBeEnabled();
  await expectAccessible(page);
  await radio.check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
}

test("a normal game is booked from the location choice through payment", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(5, javaScriptEnabled ? 4 : 11);
  await page.goto("/");
  await page.getByRole("link", { name: "Spielort wählen" }).click();
  await expect(page.getByRole("heading", { name: "Spielort wählen" })).toBeVisible();
  await expect(page.getByText("bis 10 Spieler")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: /Pixel Games/ }).click();
  await expect(page.getByRole("heading", { name: "Paket wählen" })).toBeVisible();
  await expect(page.getByText("Maximal 10 Spieler")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await expect(page.getByRole("heading", { name: "Datum auswählen" })).toBeVisible();
  await pickDate(page, date);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(new RegExp(`/slot\\?date=${date}`));
  await chooseStart(page, javaScriptEnabled, "2", "4", "14:00");
  await expect(page.getByText("Normales Spiel – Pixel Games")).toBeVisible();
  await expect(page.getByText("CHF 56.00").first()).toBeVisible();
  await expect(page.getByText("14:00 - 14:40 Uhr")).toBeVisible();
  await fillContactAndPay(page);
  await expect(page.getByText("14:00 - 14:40 Uhr")).toBeVisible();
  await expect(page.locator(".summary dd.total")).toHaveText("CHF 56.00");
});

test("a birthday package is booked through the weekday picker", async ({ page, javaScriptEnabled }) => {
  await page.goto("/games");
  await page.getByRole("link", { name: /Mind Golf/ }).click();
  await page.getByRole("radio", { name: /Geburtstagspaket/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/birthday\?locationId=4/);
  await expect(page.getByRole("heading", { name: "Spieltag auswählen" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Samstag" }).click();
  await expect(page).toHaveURL(/\/date\?day=6&locationId=4/);
  // The picked weekday preselects its next date.
  await expect(page.getByText(/Gewählt: Samstag/)).toBeVisible();
  await pickDate(page, futureWeekday(6, javaScriptEnabled ? 8 : 15));
  await page.getByRole("link", { name: "Weiter" }).click();
  await chooseStart(page, javaScriptEnabled, "1", "12", javaScriptEnabled ? "11:00" : "15:00");
  await expect(page.getByText("Geburtstagspaket – Mind Golf")).toBeVisible();
  await expect(page.getByText("4 à 20 Minuten")).toBeVisible();
  await expect(page.getByText("CHF 199.00").first()).toBeVisible();
  // The package and its extra round as lines (issue #30 §3), and the birthday child section of a party.
  await expect(page.locator(".price-lines")).toContainText(/Geburtstagspaket \(3 Runden\)CHF \d+\.\d\d/);
  await expect(page.locator(".price-lines")).toContainText(/Zusatzrunden 1 × CHF \d+\.\d\d/);
  await expect(page.getByText("Geburtstagskind und Allergien")).toBeVisible();
  await fillContactAndPay(page);
});

test("a day without games says so on /slot", async ({ page }) => {
  await page.goto("/game?locationId=1");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  // The choice must be in the draft before /slot is opened by hand.
  await expect(page).toHaveURL(/\/date\?day=7/);
  await page.goto(`/slot?date=${futureWeekday(1, 7)}`);
  await expect(page.getByText(/An diesem Tag finden keine Spiele statt/)).toBeVisible();
});

test("rounds and players set on /slot go with the chosen start, even without reloading the start times", async ({ page, javaScriptEnabled }) => {
  const date = futureWeekday(3, javaScriptEnabled ? 63 : 70);
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/slot?date=${date}`);
  await page.getByLabel(/Runden/).selectOption("3");
  const players = page.getByLabel(/Spieler \(1 bis/);
  // Typed the way people do: clear the field, then the new number.
  await players.click();
  await players.press("End");
  await players.press("Backspace");
  await players.pressSequentially("6");
  await expect(players).toHaveValue("6");
  if (javaScriptEnabled) await expect(page.getByText("Preis: CHF 126.00")).toBeVisible();
  // The price explained (issue #30 §3): players × rounds × the price per player and round.
  if (javaScriptEnabled) await expect(page.getByText("Spieler × Runden (6 × 3 × CHF 7.00): CHF 126.00")).toBeVisible();
  await page.getByRole("radio", { name: /^15:00 - / }).check();
  await page.getByRole("button", { name: "Weiter zur Datenerfassung" }).click();
  await expect(page).toHaveURL(/\/enter-data$/);
  await expect(page.getByText("CHF 126.00").first()).toBeVisible();
  await expect(page.locator(".price-lines")).toContainText("Spieler × Runden 6 × 3 × CHF 7.00");
  await expect(page.getByText("15:00 - 16:00 Uhr")).toBeVisible();
});

test("a players count out of range is explained in German, not blocked by the browser", async ({ page }) => {
  const date = futureWeekday(3, 84);
  await page.goto("/game?locationId=3");
  await page.getByRole("radio", { name: /Normales Spiel/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/date\?day=7&locationId=3/);
  await page.goto(`/slot?date=${date}&rounds=1&players=25`);
  await expect(page.getByText("Es sind 1 bis 10 Spieler möglich – die Anzahl wurde auf 10 gesetzt.")).toBeVisible();
  await expect(page.getByLabel(/Spieler \(1 bis/)).toHaveValue("10");
  await expectAccessible(page);
});
