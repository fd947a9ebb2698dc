import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, venueNow } from "~/domain/time";
import { scratchPostgres } from "../tests/integration/databases";

/**
 * The staff voucher command (`npm run voucher -- create …`) as staff run it: a child process.
 * Bad input is refused with a German reason and exit code 2 before the database is touched; a
 * database that cannot be reached is one line naming the cause (exit 1), never SQL or a stack.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-voucher-cli-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function voucher(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/voucher.ts", ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        SESSION_SECRET: "voucher-cli-test-secret-0123456789",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const USAGE = "Aufruf: npm run voucher -- create BETRAG_CHF [GUELTIG_BIS_YYYY-MM-DD] | show CODE";
const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("voucher command", () => {
  const tomorrow = addDays(venueNow().date, 1);
  const refusals: [string[], string][] = [
    [["create", "0x10"], "Betrag: bitte eine Zahl wie 50 oder 25.50 angeben."],
    [["create", "1e3"], "Betrag: bitte eine Zahl wie 50 oder 25.50 angeben."],
    [["create", "12.345"], "Betrag: höchstens zwei Nachkommastellen (ganze Rappen)."],
    [["create", "0"], "Betrag: mindestens CHF 0.05."],
    [["create", "-5"], "Betrag: mindestens CHF 0.05."],
    [["create", "10000.01"], "Betrag: höchstens CHF 10'000."],
    [["create", "50", "2020-01-01"], "Gültig bis: 2020-01-01 liegt in der Vergangenheit."],
    [["create", "50", "31.12.2030"], 'Gültig bis: "31.12.2030" ist kein Datum im Format JJJJ-MM-TT.'],
    [["create", "50", "2030-02-30"], 'Gültig bis: "2030-02-30" ist kein Datum im Format JJJJ-MM-TT.'],
  ];

  it.each(refusals)("refuses %j with a German reason and exit code 2", async (args, reason) => {
    // A database that does not exist: the refusal must come before any attempt to reach it.
    const result = await voucher(args, { DATABASE_URL: "postgres://postgres@127.0.0.1:1/never" });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([reason, USAGE]);
    expect(result.stdout).toBe("");
  });

  it("a database that cannot be reached: one line naming the cause, exit 1, no SQL, no stack", async () => {
    const result = await voucher(["create", "50", tomorrow], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/never" });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual(["DATABASE_URL: connection refused at 127.0.0.1:1"]);
    expect(result.stderr).not.toMatch(/Failed query|select |insert |^\s+at /im);
  });

  it("a database that is missing: its name in one line", async () => {
    const result = await voucher(["create", "50"], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/kidsindoor_no_such_db" });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual(['DATABASE_URL: database "kidsindoor_no_such_db" does not exist']);
  });

  it("creates a voucher for a valid amount and date, and shows it", async (ctx) => {
    const scratch = await scratchPostgres();
    if (!scratch) return ctx.skip();
    try {
      const created = await voucher(["create", "25,50", tomorrow], { DATABASE_URL: scratch.url });
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const code = /^Gutschein (\S+)$/m.exec(created.stdout)?.[1];
      expect(code).toBeDefined();
      expect(created.stdout).toContain("Wert:        CHF 25.50");
      expect(created.stdout).toContain(`Gültig bis:  ${tomorrow}`);
      const shown = await voucher(["show", code!], { DATABASE_URL: scratch.url });
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain("Restbetrag:  CHF 25.50");
    } finally {
      await scratch.drop();
    }
  });
});
