import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import { offers } from "~/server/platform/schema";
import { seed } from "~/server/platform/seed.server";
import { scanStoredText } from "~/server/platform/text-scan.server";
import { drivers, type TestDatabase } from "./databases";

describe.each(drivers)("scan of stored text for U+FFFD and NUL ($name)", ({ open }) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => db.close());

  it("finds nothing in clean seed data, then names table, column and row of each damaged value", async () => {
    expect(await scanStoredText(db.db)).toEqual([]);
    const [offer] = await db.db.select().from(offers).limit(1);
    await db.db
      .update(offers)
      .set({ name: "Getränke à discr\uFFFDétion", items: [...offer!.items, { itemId: 99, desc: "Kuchen \uFFFD" }] })
      .where(eq(offers.id, offer!.id));
    const found = await scanStoredText(db.db);
    expect(found.map(({ table, column, rowId, problem }) => ({ table, column, rowId, problem }))).toEqual([
      { table: "offers", column: "name", rowId: String(offer!.id), problem: "U+FFFD" },
      { table: "offers", column: "items", rowId: String(offer!.id), problem: "U+FFFD" },
    ]);
    expect(found[0]!.excerpt).toContain("discr\uFFFDétion");
    // Reported only: the stored text is unchanged.
    const [after] = await db.db.select().from(offers).where(eq(offers.id, offer!.id));
    expect(after!.name).toBe("Getränke à discr\uFFFDétion");
  });
});

describe("npm run db:scan-text on the embedded database", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "scan-text-"));
    const database = await openDatabase({ dataDir: dir });
    await seed(database.db);
    await database.db.update(offers).set({ name: "Kindergeburtstag \uFFFD" }).where(eq(offers.id, 1));
    await database.close();
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("prints the damaged value and exits with 1", async () => {
    const run = promisify(execFile)("node", ["--import", "tsx", "scripts/scan-text.ts"], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "test" },
    });
    const error = await run.then(() => null, (e: { code: number; stdout: string }) => e);
    expect(error?.code).toBe(1);
    expect(error?.stdout).toContain("offers.name row 1: U+FFFD");
  });
});
