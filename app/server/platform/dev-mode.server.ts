import { getEnv } from "./env.server";

/** The payment pages show `DEV MODE` with the simulated provider, and on localhost (spec §2). */
export function isDevMode(request: Request): boolean {
  const host = new URL(request.url).hostname;
  return getEnv().PAYMENT_PROVIDER === "simulated" || host === "localhost" || host === "127.0.0.1";
}

/** NODE_ENV=production with PAYMENT_PROVIDER=simulated (allowed only with ALLOW_SIMULATED_PAYMENTS=true). */
export function simulatedInProduction(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "production" && env.PAYMENT_PROVIDER === "simulated";
}
