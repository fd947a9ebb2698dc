import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "fw-env-"));
const env = (values: Record<string, string>) => ({ DATA_DIR: dataDir, ...values }) as unknown as NodeJS.ProcessEnv;
const message = (values: Record<string, string>) => {
  try {
    parseEnv(env(values));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return "";
};

describe("numeric settings", () => {
  it("read an empty value as unset: the default", () => {
    expect(parseEnv(env({ WEB_CONCURRENCY: "" })).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv(env({ PORT: "  " })).PORT).toBe(3000);
    expect(parseEnv(env({ HOLD_MINUTES: "" })).HOLD_MINUTES).toBe(20);
  });

  it("answer a value that is not a whole number with the variable and the allowed range, not zod's words", () => {
    expect(message({ WEB_CONCURRENCY: "abc" })).toBe('Invalid configuration:\n  WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "abc")');
    expect(message({ PORT: "80.5" })).toContain('PORT: must be a whole number from 0 to 65535 (got "80.5")');
    expect(message({ WEB_CONCURRENCY: "abc" })).not.toMatch(/nan|Expected number/i);
  });

  it("keep their bounds", () => {
    expect(message({ WEB_CONCURRENCY: "0" })).toContain("WEB_CONCURRENCY: must be at least 1");
    expect(message({ WEB_CONCURRENCY: "65" })).toContain("WEB_CONCURRENCY: must be at most 64");
    expect(parseEnv(env({ WEB_CONCURRENCY: " 4 ", DATABASE_URL: "postgres://db/x" })).WEB_CONCURRENCY).toBe(4);
  });
});
