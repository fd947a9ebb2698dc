import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";
import { setPaymentProvider } from "~/server/payments/payments.server";
import { createDatatransProvider } from "~/server/payments/providers/datatrans.server";
import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";

/**
 * The test file's payments go through the real Datatrans adapter against the local fake, with a
 * throw-away DATA_DIR and `env` on top; everything is put back after the file. Call at the top level
 * of a test file; `fake` is there from the file's first test on.
 */
export function useFakeDatatrans(options: { label: string; hmacKey: string; env?: Record<string, string> }): { readonly fake: FakeDatatrans } {
  let fake: FakeDatatrans | undefined;
  let dataDir = "";
  const saved = { ...process.env };
  beforeAll(async () => {
    fake = await startFakeDatatrans({ merchantId: "m1", password: "pw", hmacKeyHex: options.hmacKey });
    dataDir = await mkdtemp(path.join(tmpdir(), `kidsindoor-${options.label}-`));
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: "datatrans",
      DATATRANS_MERCHANT_ID: "m1",
      DATATRANS_PASSWORD: "pw",
      DATATRANS_HMAC_KEY: options.hmacKey,
      ...options.env,
    });
    resetEnvForTests();
    setPaymentProvider(createDatatransProvider({ merchantId: "m1", password: "pw", apiUrl: fake.apiUrl, payUrl: fake.payUrl }));
  });
  afterAll(async () => {
    setPaymentProvider(undefined);
    process.env = saved;
    resetEnvForTests();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get fake() {
      if (!fake) throw new Error("the fake Datatrans starts in beforeAll");
      return fake;
    },
  };
}
