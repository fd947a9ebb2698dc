/**
 * A flash crowd: many families, each with its own browser (cookies) and address, walk to the contact
 * form for the same slot and then all press "Weiter zur Zahlung" at once, without JavaScript (form
 * posts). Every answer must be a booking (redirect to /payment) or the proper "slot taken" page.
 */
import { MSG } from "../../app/domain/messages";
import { Browser, CONTACT, type Counts, walkToEnterData } from "./flow";
import { percentile } from "./format";

export type CrowdOptions = {
  families: number;
  date: string;
  slot: string;
  counts: Counts;
  offerId?: number;
  /** Runs between the walk and the submit (e.g. to read the server's CPU before it). */
  beforeSubmit?: () => Promise<void>;
};

export type CrowdResult = {
  families: number;
  booked: number;
  taken: number;
  /** Answers that are neither: by status (a 5xx here is a failure of the site). */
  other: Record<string, number>;
  serverErrors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
};

/** At most `limit` promises at a time: the walk to the form is not what is measured. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function flashCrowd(base: string, options: CrowdOptions): Promise<CrowdResult> {
  const browsers = Array.from(
    { length: options.families },
    // Each family from a network of its own (its own /24), as families at home and on different
    // carriers are: the hold-share rule against hoarding (HOLD_SHARE_PERCENT) groups addresses by /24.
    (_, i) => new Browser(base, { "X-Forwarded-For": `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 200)}` }),
  );
  await inBatches(browsers, 16, (browser) =>
    walkToEnterData(browser, { date: options.date, counts: options.counts, slot: options.slot, offerId: options.offerId }),
  );

  await options.beforeSubmit?.();
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let booked = 0;
  let taken = 0;
  const started = performance.now();
  await Promise.all(
    browsers.map(async (browser, i) => {
      const t = performance.now();
      const email = `crowd-${i}@example.ch`;
      let status = 0;
      let outcome: "booked" | "taken" | "other" = "other";
      try {
        const response = await browser.request("/enter-data", {
          form: { intent: "book", ...CONTACT, email, emailRepeat: email, message: "", couponCode: "", paymentMethod: "online", terms: "on" },
        });
        status = response.status;
        const body = await response.text();
        if (status >= 300 && status < 400 && /\/payment$/.test(response.headers.get("location") ?? "")) outcome = "booked";
        else if (status === 409 && body.includes(MSG.slotTaken)) outcome = "taken";
      } catch {
        status = -1;
      }
      latencies.push(performance.now() - t);
      if (outcome === "booked") booked++;
      else if (outcome === "taken") taken++;
      else other[String(status)] = (other[String(status)] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    families: options.families,
    booked,
    taken,
    other,
    serverErrors: Object.entries(other).reduce((n, [status, count]) => n + (Number(status) >= 500 ? count : 0), 0),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? 0,
    seconds,
  };
}
