import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { makeDirectory } from "./fs.server";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/**
 * A whole number in [min, max]; unset or blank is the default. `z.coerce.number()` alone read an
 * empty value as 0 and answered "abc" with zod's "Expected number, received nan".
 */
function integer(min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim() ?? "";
      if (text === "") return fallback;
      if (!/^[+-]?\d+$/.test(text)) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max} (got "${text.slice(0, 20)}")` });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** pino's levels; the logger itself (log.server.ts) reads LOG_LEVEL before this schema runs. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // 0 lets the system choose a free port (tests that start their own server).
    PORT: integer(0, 65535, 3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    PUBLIC_URL: optionalString.pipe(
      z.string().regex(/^https?:\/\/[^/\s]+/, "must be an absolute http:// or https:// URL").pipe(z.string().url("must be an absolute URL")).optional(),
    ),
    /** How far ahead a booking may be made (docs/decisions.md "Booking horizon"). */
    BOOKING_HORIZON_DAYS: integer(1, 3650, 365),
    HOLD_MINUTES: integer(1, 120, 20),
    /**
     * A hold whose payment was started lasts at least this long from the start: the provider's
     * payment page (TWINT: 15 minutes) plus a 5-minute margin. Tests of expiry may lower it.
     */
    PAYMENT_SESSION_HOLD_MINUTES: integer(0, 120, 20),
    /** How long a staff phone booking waits for the family to pay through the e-mailed link (default 24 h). */
    PHONE_HOLD_MINUTES: integer(15, 10_080, 1440),
    /** No hoarding: unpaid holds one client address / one e-mail address may have open at a time. */
    HOLD_LIMIT_PER_CLIENT: integer(1, 1_000_000, 3),
    HOLD_LIMIT_PER_EMAIL: integer(1, 1_000_000, 2),
    /** Unpaid holds (site and API, all clients together) may take at most this share of a slot's tables; 100 = off. */
    HOLD_SHARE_PERCENT: integer(1, 100, 50),
    /** A hold whose payment has not been started at the provider within this many minutes drops. */
    PAYMENT_START_MINUTES: integer(1, 120, 5),
    /** Payment starts and unknown-code/transaction look-ups allowed per client address and minute. */
    LOOKUP_LIMIT_PER_MINUTE: integer(1, 1_000_000, 20),
    /** Self-service (AGB §4): families may cancel or move a booking until this many hours before its start. */
    SELF_SERVICE_HOURS: integer(0, 24 * 60, 48),
    /** A manage link still shows the booking (read-only) this many days after the party date, then 404. */
    MANAGE_LINK_READABLE_DAYS: integer(0, 365, 14),
    /** The reminder e-mail goes out this many hours before the start (never for bookings made later). */
    REMINDER_HOURS_BEFORE: integer(1, 24 * 30, 48),
    PAYMENT_PROVIDER: z.enum(["datatrans", "simulated"]).optional(),
    DATATRANS_MERCHANT_ID: optionalString,
    DATATRANS_PASSWORD: optionalString,
    DATATRANS_HMAC_KEY: optionalString.pipe(
      z.string().regex(/^([0-9a-fA-F]{2})+$/, "must be a hex string").optional(),
    ),
    DATATRANS_API_URL: z.string().url().default("https://api.sandbox.datatrans.com"),
    DATATRANS_PAY_URL: z.string().url().default("https://pay.sandbox.datatrans.com"),
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
    MAIL_FROM: z.string().default("Fun World <buchung@funworld.ch>"),
    ADMIN_PASSWORD: optionalString,
    ADMIN_API_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    LOG_LEVEL: optionalString.pipe(
      z.enum(LOG_LEVELS, { errorMap: () => ({ message: `must be one of ${LOG_LEVELS.join(", ")}` }) }).optional(),
    ),
    /** Express's `trust proxy`: which hops may name the client in X-Forwarded-For (default: none). */
    TRUST_PROXY: optionalString.transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "must be false, true, a hop count, or addresses/subnets/loopback/linklocal/uniquelocal separated by commas" });
        return z.NEVER;
      }
      return parsed;
    }),
    /** Worker processes on one port (node:cluster); more than one needs PostgreSQL. */
    WEB_CONCURRENCY: integer(1, 64, 1),
    /** The simulated provider lets anyone "pay": in production only when this says so explicitly. */
    ALLOW_SIMULATED_PAYMENTS: optionalString.pipe(z.enum(["true", "false"]).optional()).transform((v) => v === "true"),
    /** The benchmark's floor pages (`/bench/*`) in production (the bench server sets it); elsewhere they are always served. */
    BENCH_PAGES: optionalString.pipe(z.enum(["true", "false"]).optional()).transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: `${env.WEB_CONCURRENCY} processes need DATABASE_URL (PostgreSQL): the embedded database (PGlite in DATA_DIR) belongs to one process. Set DATABASE_URL, or WEB_CONCURRENCY=1`,
      });
    }
    if (env.NODE_ENV !== "production") return;
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when NODE_ENV=production" });
    }
    // Payment return URLs and the cookies' Secure flag are built from it: no silent localhost default.
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required when NODE_ENV=production (e.g. https://buchung.funworld.ch)" });
    }
    const provider = env.PAYMENT_PROVIDER ?? (env.DATATRANS_MERCHANT_ID ? "datatrans" : undefined);
    if (provider === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "set DATATRANS_MERCHANT_ID/DATATRANS_PASSWORD/DATATRANS_HMAC_KEY, or PAYMENT_PROVIDER=simulated on purpose",
      });
    }
    if ((env.PAYMENT_PROVIDER ?? provider) === "simulated" && !env.ALLOW_SIMULATED_PAYMENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "simulated payments let anyone book without paying: set ALLOW_SIMULATED_PAYMENTS=true as well if that is really wanted (test systems only)",
      });
    }
    if (provider === "datatrans") {
      for (const key of ["DATATRANS_MERCHANT_ID", "DATATRANS_PASSWORD", "DATATRANS_HMAC_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required for the datatrans provider" });
      }
    }
  });

/**
 * `TRUST_PROXY` takes what Express's `trust proxy` takes: unset/`false` → no proxy is trusted
 * (X-Forwarded-For is ignored), a hop count (`1`), or names/addresses/subnets (`loopback`,
 * `10.0.0.1, 192.168.0.0/16`); `true` trusts every hop (only behind a proxy that overwrites the header).
 */
function parseTrustProxy(value: string | undefined): boolean | number | string | null {
  if (value === undefined || value === "false" || value === "none") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  // Checked here so a typo stops the server with this message rather than a stack trace from Express.
  const valid = value.split(",").every((part) => {
    const entry = part.trim();
    if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    if (rest.length > 0 || !address || isIP(address) === 0) return false;
    return bits === undefined || /^\d{1,3}$/.test(bits);
  });
  return valid ? value : null;
}

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  PAYMENT_PROVIDER: "datatrans" | "simulated";
  /** HMAC key (hex) used for webhooks; generated for the simulated provider when none is configured. */
  WEBHOOK_HMAC_KEY: string;
};

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const provider = env.PAYMENT_PROVIDER ?? (env.DATATRANS_MERCHANT_ID && env.DATATRANS_PASSWORD ? "datatrans" : "simulated");
  if (provider === "datatrans" && (!env.DATATRANS_MERCHANT_ID || !env.DATATRANS_PASSWORD || !env.DATATRANS_HMAC_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  DATATRANS_MERCHANT_ID/DATATRANS_PASSWORD/DATATRANS_HMAC_KEY: all three are required for the datatrans provider",
    );
  }
  return {
    ...env,
    PAYMENT_PROVIDER: provider,
    SESSION_SECRET: env.SESSION_SECRET ?? persistedSecret(env.DATA_DIR, "session-secret"),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    WEBHOOK_HMAC_KEY: env.DATATRANS_HMAC_KEY ?? persistedSecret(env.DATA_DIR, "simulated-hmac-key"),
  };
}

/** Development convenience: a random secret written once into DATA_DIR so cookies survive restarts. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  makeDirectory(dataDir);
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases. */
export function resetEnvForTests() {
  cached = undefined;
}
