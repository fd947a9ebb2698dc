/**
 * The payment provider as in production: the app talks to Datatrans' API over HTTP, the family pays
 * on Datatrans' page, and Datatrans sends the signed webhook. Here that is the local fake of its API
 * (tests/fakes/datatrans.ts), running in the bench's own process, so its work (the payment page, the
 * webhook sender) is not counted as the app's CPU, while the app's own side of every call is.
 */
import { randomBytes } from "node:crypto";
import { startFakeDatatrans, type FakeDatatrans } from "../../tests/fakes/datatrans";

export type BenchProvider = { fake: FakeDatatrans; env: Record<string, string>; close: () => Promise<void> };

export async function startBenchDatatrans(): Promise<BenchProvider> {
  const merchantId = "1100000000";
  const password = randomBytes(12).toString("hex");
  const hmacKeyHex = randomBytes(32).toString("hex");
  const fake = await startFakeDatatrans({ merchantId, password, hmacKeyHex });
  return {
    fake,
    env: {
      PAYMENT_PROVIDER: "datatrans",
      ALLOW_SIMULATED_PAYMENTS: "",
      DATATRANS_MERCHANT_ID: merchantId,
      DATATRANS_PASSWORD: password,
      DATATRANS_HMAC_KEY: hmacKeyHex,
      DATATRANS_API_URL: fake.apiUrl,
      DATATRANS_PAY_URL: fake.payUrl,
    },
    close: () => fake.close(),
  };
}
