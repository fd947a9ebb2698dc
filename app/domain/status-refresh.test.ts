import { describe, expect, it } from "vitest";
import { LAST_ATTEMPT, REFRESH_LIMIT_SECONDS, secondsWaitedBefore, statusRefresh } from "./status-refresh";

describe("status refresh without JavaScript", () => {
  it("backs off 1, 2, 5, 10 s … and keeps the page's own parameters", () => {
    const delays = [];
    let href = "/payment/success?datatransTrxId=T1";
    for (let i = 0; i < 5; i++) {
      const { content } = statusRefresh(href);
      const [seconds, url] = content!.split(";url=");
      delays.push(Number(seconds));
      expect(url).toContain("datatransTrxId=T1");
      href = url!;
    }
    expect(delays).toEqual([1, 2, 5, 10, 15]);
    expect(href).toBe("/payment/success?datatransTrxId=T1&versuch=5");
  });

  it("stops after a few minutes and offers one more look at the same page", () => {
    expect(secondsWaitedBefore(LAST_ATTEMPT)).toBeLessThan(REFRESH_LIMIT_SECONDS);
    expect(secondsWaitedBefore(LAST_ATTEMPT + 1)).toBeGreaterThanOrEqual(REFRESH_LIMIT_SECONDS);
    expect(secondsWaitedBefore(LAST_ATTEMPT)).toBeGreaterThan(120);
    const stopped = statusRefresh(`/buchung/abc/zahlung?r=ok&datatransTrxId=T2&versuch=${LAST_ATTEMPT}`);
    expect(stopped.content).toBeNull();
    expect(stopped.check).toEqual({ action: "/buchung/abc/zahlung", fields: [["r", "ok"], ["datatransTrxId", "T2"], ["versuch", String(LAST_ATTEMPT)]] });
    // Nonsense in the URL is the first attempt, a huge number the last: never an error.
    expect(statusRefresh("/payment/success?versuch=abc").content).toMatch(/^1;url=/);
    expect(statusRefresh("/payment/success?versuch=99999").content).toBeNull();
  });
});
