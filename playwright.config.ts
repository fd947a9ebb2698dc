import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/setup/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `fun-world-e2e-${PORT}`);
/**
 * Fresh secrets for every test run: made once in the runner process and inherited through the
 * environment by its workers (which load this file again) and by the test server.
 */
function runSecret(name: string): string {
  return (process.env[name] ??= randomBytes(18).toString("base64url"));
}
export const E2E_ADMIN_TOKEN = runSecret("E2E_ADMIN_TOKEN");
/** The bootstrap staff account `admin` (created at start from ADMIN_PASSWORD). */
export const E2E_ADMIN_PASSWORD = runSecret("E2E_ADMIN_PASSWORD");
/** A second account with the role `staff` (same password as `admin`), created by tests/e2e/serve.ts. */
export const E2E_STAFF_EMAIL = "mitarbeiter@funworld.test";

export default defineConfig({
  testDir: "tests/e2e",
  // One server, one embedded database, two cores: tests run one after another.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "de-CH",
    timezoneId: "Europe/Zurich",
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "api", testMatch: /\.?api\.test\.ts$/ },
    { name: "js", testIgnore: /\.?api\.test\.ts$/, use: { javaScriptEnabled: true } },
    // Keyboard focus is read from the page, which needs script there: the keyboard walk runs with JS only,
    // and so do the hydration races (a page without JavaScript never hydrates).
    {
      name: "no-js",
      testIgnore: [/\.?api\.test\.ts$/, /keyboard\.test\.ts$/, /hydration\.test\.ts$/],
      use: { javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/serve.ts",
    url: `${E2E_BASE_URL}/api/offers`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      SESSION_SECRET: runSecret("E2E_SESSION_SECRET"),
      PAYMENT_PROVIDER: "simulated",
      // A test system on purpose (the site then shows DEV MODE on every page).
      ALLOW_SIMULATED_PAYMENTS: "true",
      // Tests act as several clients through X-Forwarded-For from loopback.
      TRUST_PROXY: "loopback",
      ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      E2E_STAFF_EMAIL,
      DATABASE_URL: "",
      SMTP_URL: "",
      // One JSON line per request would bury the test report; warnings and errors still show.
      LOG_LEVEL: "warn",
      // The whole suite books from 127.0.0.1 with a handful of e-mail addresses: raised here; the
      // tests of the limits themselves run on a second server with the real numbers (trust.test.ts).
      HOLD_LIMIT_PER_CLIENT: "1000",
      HOLD_LIMIT_PER_EMAIL: "1000",
      LOOKUP_LIMIT_PER_MINUTE: "1000",
      HOLD_SHARE_PERCENT: "100",
    },
  },
});
