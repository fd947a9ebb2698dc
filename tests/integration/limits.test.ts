import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCoupon } from "~/server/vouchers/coupon.server";
import { Limit } from "~/server/platform/limits.server";
import { drivers, type TestDatabase } from "./databases";

describe.each(drivers)("limits kept in the database on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refuses once the window's points are used, and tells how long to wait", async () => {
    const limit = new Limit({ name: "test-consume", points: 3, windowSeconds: 60 });
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await limit.consume(database.db, "198.51.100.1"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    const refused = verdicts[4]!;
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key is not affected.
    expect((await limit.consume(database.db, "198.51.100.2")).allowed).toBe(true);
  });

  it("is shared by every instance on the same database, as by several server processes", async () => {
    const policy = { name: "test-shared", points: 4, windowSeconds: 60 };
    // Two limiters with their own memory stand for two processes: only the database is shared.
    const first = new Limit(policy);
    const second = new Limit(policy);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).consume(database.db, "client")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(4);
  });

  it("counts failures without refusing them, and refuses the next attempt once over", async () => {
    const limit = new Limit({ name: "test-failures", points: 2, windowSeconds: 60 });
    expect((await limit.check(database.db, "k")).allowed).toBe(true);
    await limit.penalize(database.db, "k");
    expect((await limit.check(database.db, "k")).allowed).toBe(true);
    await limit.penalize(database.db, "k");
    expect((await limit.check(database.db, "k")).allowed).toBe(false);
    await limit.reset(database.db, "k");
    expect((await limit.check(database.db, "k")).allowed).toBe(true);
  });

  it("forgets a window once it is over", async () => {
    const limit = new Limit({ name: "test-window", points: 1, windowSeconds: 1 });
    expect((await limit.consume(database.db, "k")).allowed).toBe(true);
    expect((await limit.consume(database.db, "k")).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limit.consume(database.db, "k")).allowed).toBe(true);
  });

  it("voucher checks: five wrong codes per client, then 429 for that client only", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await checkCoupon(database.db, `WRONG${i}`, "203.0.113.9")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await checkCoupon(database.db, "WRONGX", "203.0.113.10")).status).toBe(200);
  });
});
