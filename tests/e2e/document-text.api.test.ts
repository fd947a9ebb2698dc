import { expect, test } from "@playwright/test";
import { futureWeekday } from "./helpers";

/**
 * Issue #27 §0 on the real server: React 18's renderer put NUL bytes into pages before "é", "ä", "·"
 * when such a character met the end of its 2 KB buffer. A family's message shown again after a
 * refused form (JavaScript off) is the text that was stored damaged; here it is sent with every
 * length around one and two buffers, and no answer may hold a NUL or a U+FFFD.
 */
test("the contact page shown again after a refused form keeps every character of the message", async ({ request }) => {
  const origin = { Origin: new URL(test.info().project.use.baseURL ?? "http://localhost").origin };
  expect((await request.post("/offers", { form: { offerId: "1" }, headers: origin, maxRedirects: 0 })).status()).toBe(302);
  const date = futureWeekday(3, 245);
  const chosen = await request.post("/find-slot", {
    form: { date, slot: "10:00", numChildren: "4", numActiveAdults: "0", numAccompanyingAdults: "0" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(302);
  const broken: number[] = [];
  const pieces = ["é", "ä", "·", "à discrétion ", "🎉"];
  for (let length = 1; length <= 1_000; length += 1) {
    const piece = pieces[length % pieces.length]!;
    // Short words with a multi-byte character every few letters, as a family writes.
    const message = Array.from({ length }, (_, i) => (i % 7 === 3 ? piece : "a")).join("").slice(0, 2_000);
    // No e-mail address: refused with 400, and the page shows everything typed again.
    const response = await request.post("/enter-data", { form: { intent: "book", firstName: "Zoé", lastName: "Müller", message }, headers: origin, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    const body = await response.body();
    if (body.includes(0) || body.toString("utf8").includes("\uFFFD")) broken.push(length);
  }
  expect(broken).toEqual([]);
});
