import { expect, expectAccessible, test } from "./helpers";

/** Today in the venue's timezone, as the server computes it. */
function venueToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date());
}
function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("de-CH", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));

// The test server runs with the default horizon of 365 days (BOOKING_HORIZON_DAYS).
const HORIZON_DAYS = 365;

for (const width of [320, 1280]) {
  test(`the calendar stops at the booking horizon (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    const lastDay = plusDays(venueToday(), HORIZON_DAYS);
    const dayAfter = plusDays(lastDay, 1);
    // A hand-typed date and month far after the horizon: the step shows the horizon's month instead.
    await page.goto(`/find-slot?offerId=1&date=${plusDays(lastDay, 800)}&month=${plusDays(lastDay, 800).slice(0, 7)}`);
    const calendar = page.getByRole("region", { name: "Datum wählen" });
    const monthName = new Intl.DateTimeFormat("de-CH", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${lastDay}T12:00:00Z`));
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(monthName);
    // The last open day is still offered (the sample venue is closed on Mondays and Tuesdays, so on a
    // Sunday or Monday the horizon's own day is a closed one); the next month is not reachable.
    let lastOpen = lastDay;
    while ([1, 2].includes(new Date(`${lastOpen}T12:00:00Z`).getUTCDay())) lastOpen = plusDays(lastOpen, -1);
    if (lastOpen.slice(0, 7) === lastDay.slice(0, 7)) await expect(calendar.getByRole("link", { name: longDate(lastOpen), exact: true })).toHaveCount(1);
    await expect(calendar.getByRole("link", { name: "Nächster Monat" })).toHaveCount(0);
    await expect(calendar.getByText("Nächster Monat (nicht buchbar)")).toHaveCount(1);
    // The day after the horizon, when it is in the same month, is shown but is no link.
    if (dayAfter.slice(0, 7) === lastDay.slice(0, 7)) {
      await expect(calendar.getByRole("link", { name: longDate(dayAfter), exact: true })).toHaveCount(0);
      await expect(calendar.getByText(`${longDate(dayAfter)} (nicht buchbar)`)).toHaveCount(1);
    }
    // No day after the last one is a link anywhere on the page.
    const hrefs = await page.locator(".calendar a[href*='date=']").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("date") ?? ""));
    if (lastOpen.slice(0, 7) === lastDay.slice(0, 7)) expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((d) => d > lastDay)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
  });
}
