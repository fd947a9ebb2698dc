import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/server/platform/env.server";

/** Configuration that decides who may pay for free and whose address counts for the limits. */

const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "fun-world-trust-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = { NODE_ENV: "production", SESSION_SECRET: "trust-config-secret-0123456789", DATA_DIR: dataDir, PUBLIC_URL: "https://buchung.example.ch", PAYMENT_PROVIDER: "simulated" };
const env = (values: Record<string, string | undefined>) => values as NodeJS.ProcessEnv;

describe("simulated payments in production", () => {
  it("are refused unless ALLOW_SIMULATED_PAYMENTS=true", () => {
    expect(() => parseEnv(env(production))).toThrow(ConfigError);
    expect(() => parseEnv(env(production))).toThrow(/ALLOW_SIMULATED_PAYMENTS/);
    expect(() => parseEnv(env({ ...production, ALLOW_SIMULATED_PAYMENTS: "false" }))).toThrow(ConfigError);
    expect(parseEnv(env({ ...production, ALLOW_SIMULATED_PAYMENTS: "true" })).PAYMENT_PROVIDER).toBe("simulated");
    // Development keeps its zero-setup default.
    expect(parseEnv(env({ DATA_DIR: dataDir })).PAYMENT_PROVIDER).toBe("simulated");
  });

  it("stop the real server at start with a message naming the variable", () => {
    const run = spawnSync(process.execPath, ["build/server.js"], {
      cwd: ROOT,
      env: env({ ...process.env, ...production, PORT: "3254", HOST: "127.0.0.1", DATABASE_URL: "", ALLOW_SIMULATED_PAYMENTS: "", VITEST: "" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("ALLOW_SIMULATED_PAYMENTS");
  });
});

describe("TRUST_PROXY", () => {
  /** What Express calls the client for a request from loopback naming 203.0.113.9 in X-Forwarded-For. */
  async function clientIpWith(trustProxy: string | undefined): Promise<string> {
    const app = express();
    app.set("trust proxy", parseEnv(env({ DATA_DIR: dataDir, TRUST_PROXY: trustProxy })).TRUST_PROXY);
    app.get("/", (req, res) => {
      res.send(req.ip);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      return await response.text();
    } finally {
      server.close();
    }
  }

  it("ignores X-Forwarded-For by default, so a client cannot rotate its address", async () => {
    expect(await clientIpWith(undefined)).toBe("127.0.0.1");
    expect(await clientIpWith("false")).toBe("127.0.0.1");
  });

  it("believes the address a trusted proxy names: loopback, a hop count, or addresses", async () => {
    expect(await clientIpWith("loopback")).toBe("203.0.113.9");
    expect(await clientIpWith("1")).toBe("203.0.113.9");
    expect(await clientIpWith("127.0.0.1/8, ::1")).toBe("203.0.113.9");
    expect(await clientIpWith("10.0.0.1")).toBe("127.0.0.1");
  });

  it("refuses a value Express would not understand, naming the variable", () => {
    for (const bad of ["lokalhost", "127.0.0.1/8/1", "10.0.0.300"]) {
      expect(() => parseEnv(env({ DATA_DIR: dataDir, TRUST_PROXY: bad })), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
