import { HtmlValidate } from "html-validate";
import { expect, futureWeekday, test } from "./helpers";

/**
 * Issue #28 §5: the family pages are valid HTML (html-validate's "standard" preset: the HTML
 * standard's content models, attributes and ids; a `<ul>` inside a `<label>` on /offers was one).
 * Checked in both projects (the HTML is the same; the check costs a second).
 */
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

const PAGES = [
  "/",
  "/offers",
  `/find-slot?offerId=1&date=${futureWeekday(6, 20)}&numChildren=4&numActiveAdults=1&numAccompanyingAdults=0`,
  "/games",
  "/game?locationId=4",
  "/birthday?locationId=4",
  "/date?day=7&locationId=4",
  "/agb",
  "/impressum",
  "/datenschutz",
  "/buchung",
  "/gutschein",
  "/payment/error",
  "/payment/cancel",
  "/admin/login",
];

test("family pages are valid HTML", async ({ request }) => {
  const problems: string[] = [];
  for (const path of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const report = await validator.validateString(await response.text());
    for (const result of report.results) for (const m of result.messages) problems.push(`${path}: ${m.ruleId} ${m.message} (${m.line}:${m.column})`);
  }
  expect(problems).toEqual([]);
});
