import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    PUBLIC_URL: optionalString.pipe(z.string().url("must be an absolute URL").optional()),
    HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when NODE_ENV=production" });
    }
    const provider = env.PAYMENT_PROVIDER ?? (env.DATATRANS_MERCHANT_ID ? "datatrans" : undefined);
    if (provider === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "set DATATRANS_MERCHANT_ID/DATATRANS_PASSWORD/DATATRANS_HMAC_KEY, or PAYMENT_PROVIDER=simulated on purpose",
      });
    }
    if (provider === "datatrans") {
      for (const key of ["DATATRANS_MERCHANT_ID", "DATATRANS_PASSWORD", "DATATRANS_HMAC_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required for the datatrans provider" });
      }
    }
  });

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
  mkdirSync(dataDir, { recursive: true });
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
