import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentOutcome, toSpecStatus } from "~/domain/payment-status";
import { createDatatransProvider, type DatatransConfig } from "~/server/payments/providers/datatrans.server";
import { ProviderError, type InitTransactionInput, type PaymentProvider } from "~/server/payments/providers/provider.server";
import { verifyWebhookSignature } from "~/server/payments/providers/signature.server";
import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";

const MERCHANT_ID = "1100012345";
const PASSWORD = "s3cret-Pa55word";
const HMAC_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Stands in for the shop's webhook route: records what arrives exactly as sent. */
type ReceivedWebhook = { headers: IncomingHttpHeaders; rawBody: string };
async function startWebhookReceiver(): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The adapter against the shared fake; tests override what they break. */
function adapter(overrides: Partial<DatatransConfig> = {}): PaymentProvider {
  return createDatatransProvider({
    merchantId: MERCHANT_ID,
    password: PASSWORD,
    apiUrl: fake.apiUrl,
    payUrl: fake.payUrl,
    ...overrides,
  });
}

/** The ProviderError a promise rejects with, so status and code can be asserted together. */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const caught = await promise.then(
    () => null,
    (error: unknown) => error
  );
  expect(caught).toBeInstanceOf(ProviderError);
  return caught as ProviderError;
}

let fake: FakeDatatrans;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let provider: PaymentProvider;
let refnoCounter = 0;

function input(overrides: Partial<InitTransactionInput> = {}): InitTransactionInput {
  return {
    refno: `FW-TEST-${++refnoCounter}`,
    amountRappen: 12_950,
    currency: "CHF",
    successUrl: "http://shop.test/payment/success",
    cancelUrl: "http://shop.test/payment/cancel",
    errorUrl: "http://shop.test/payment/error",
    webhookUrl: receiver.url,
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startFakeDatatrans({ merchantId: MERCHANT_ID, password: PASSWORD, hmacKeyHex: HMAC_KEY });
  receiver = await startWebhookReceiver();
  provider = adapter();
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => {
  fake.setDown(false);
  fake.requests.length = 0;
  receiver.received.length = 0;
});

describe("Datatrans adapter against the fake API", () => {
  it("starts a transaction with exactly the documented body, auth and an idempotency key", async () => {
    const request = input();
    const { transactionId, paymentUrl } = await provider.initTransaction(request);

    expect(transactionId).toMatch(/^\d{18}$/);
    expect(paymentUrl).toBe(`${fake.payUrl}/v1/start/${transactionId}`);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/v1/transactions");
    expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from(`${MERCHANT_ID}:${PASSWORD}`).toString("base64")}`);
    expect(sent?.headers["idempotency-key"]).toMatch(UUID_V4);
    expect(sent?.body).toStrictEqual({
      currency: "CHF",
      refno: request.refno,
      amount: 12_950,
      language: "de",
      autoSettle: true,
      paymentMethods: ["TWI", "VIS", "ECA", "PFC"],
      redirect: {
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        errorUrl: request.errorUrl,
        method: "GET",
      },
      webhook: { url: receiver.url },
    });
  });

  it("uses a fresh idempotency key for every call", async () => {
    await provider.initTransaction(input());
    await provider.initTransaction(input());
    const keys = fake.requests.map((r) => r.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(2);
  });

  it("follows a payment from initialized to settled", async () => {
    const request = input();
    const { transactionId } = await provider.initTransaction(request);

    const before = await provider.getTransaction(transactionId);
    expect(before).toStrictEqual({
      transactionId,
      status: "initialized",
      refno: request.refno,
      currency: "CHF",
      amountRappen: null,
    });
    expect(toSpecStatus(before.status)).toBe("initiated");
    expect(paymentOutcome(before.status)).toBe("pending");

    await fake.pay(transactionId, "settled");
    const after = await provider.getTransaction(transactionId);
    expect(after).toStrictEqual({
      transactionId,
      status: "settled",
      refno: request.refno,
      currency: "CHF",
      amountRappen: 12_950,
    });
    expect(toSpecStatus(after.status)).toBe("settled");
    expect(paymentOutcome(after.status)).toBe("paid");
  });

  it("reports the authorized amount before settlement", async () => {
    const { transactionId } = await provider.initTransaction(input({ amountRappen: 4_000 }));
    await fake.pay(transactionId, "authorized");
    const info = await provider.getTransaction(transactionId);
    expect(info.status).toBe("authorized");
    expect(info.amountRappen).toBe(4_000);
    expect(paymentOutcome(info.status)).toBe("pending");
  });

  it("reports a declined payment as failed", async () => {
    const { transactionId } = await provider.initTransaction(input());
    await fake.pay(transactionId, "failed");
    const info = await provider.getTransaction(transactionId);
    expect(info.status).toBe("failed");
    expect(info.amountRappen).toBeNull();
    expect(paymentOutcome(info.status)).toBe("failed");
  });

  it("reports a payment the customer cancelled on the payment page", async () => {
    const { transactionId } = await provider.initTransaction(input());
    await fake.pay(transactionId, "canceled");
    expect(paymentOutcome((await provider.getTransaction(transactionId)).status)).toBe("cancelled");
  });

  it("cancels an authorization", async () => {
    const request = input();
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "authorized");

    await provider.cancel(transactionId, request.refno);
    expect((await provider.getTransaction(transactionId)).status).toBe("canceled");
    const sent = fake.requests.at(-2);
    expect(sent?.path).toBe(`/v1/transactions/${transactionId}/cancel`);
    expect(sent?.body).toStrictEqual({ refno: request.refno });
    expect(sent?.headers["idempotency-key"]).toMatch(UUID_V4);
  });

  it("refuses to cancel a settled payment", async () => {
    const request = input();
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "settled");
    const error = await providerError(provider.cancel(transactionId, request.refno));
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_TRANSACTION_STATUS");
  });

  it("credits a settled payment, in part and up to the settled amount", async () => {
    const request = input({ amountRappen: 10_000 });
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "settled");

    const credit = await provider.credit(transactionId, {
      amountRappen: 6_000,
      currency: "CHF",
      refno: `${request.refno}-R1`,
    });
    expect(credit.transactionId).not.toBe(transactionId);
    expect(fake.requests.at(-1)?.body).toStrictEqual({ amount: 6_000, currency: "CHF", refno: `${request.refno}-R1` });
    expect(await provider.getTransaction(credit.transactionId)).toMatchObject({
      status: "settled",
      amountRappen: 6_000,
    });
    expect(fake.transactions.get(credit.transactionId)?.type).toBe("credit");

    const tooMuch = await providerError(
      provider.credit(transactionId, { amountRappen: 4_001, currency: "CHF", refno: "R2" })
    );
    expect(tooMuch).toMatchObject({ status: 400, code: "INVALID_PROPERTY" });
    await expect(
      provider.credit(transactionId, { amountRappen: 4_000, currency: "CHF", refno: "R2" })
    ).resolves.toBeDefined();
  });

  it("sends a refund's own stored key with its credit: a repeat answers the first credit, a repeat while it is being answered gets 409", async () => {
    const request = input({ amountRappen: 10_000 });
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "settled");
    const key = "5b0c8f5e-3a8e-4c1e-9a57-0d3c2b1a0f9e";
    const body = { amountRappen: 10_000, currency: "CHF", refno: request.refno };

    fake.setCreditDelay(200);
    try {
      const first = provider.credit(transactionId, body, { idempotencyKey: key });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Carried out at once: the money is back before the answer arrives.
      expect(fake.credits().filter((c) => c.refno === request.refno)).toHaveLength(1);
      expect(await providerError(provider.credit(transactionId, body, { idempotencyKey: key }))).toMatchObject({ status: 409 });
      const credit = await first;
      const again = await provider.credit(transactionId, body, { idempotencyKey: key });
      expect(again).toEqual(credit);
      expect(fake.credits().filter((c) => c.refno === request.refno)).toHaveLength(1);
      expect(fake.requests.filter((r) => r.path.endsWith("/credit")).map((r) => r.headers["idempotency-key"])).toEqual([key, key, key]);
      expect(await provider.getTransaction(credit.transactionId)).toMatchObject({ status: "settled", amountRappen: 10_000 });
    } finally {
      fake.setCreditDelay(0);
    }
  });

  it("refuses to credit a payment that is not settled", async () => {
    const request = input();
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "authorized");
    const error = await providerError(
      provider.credit(transactionId, { amountRappen: 100, currency: "CHF", refno: request.refno })
    );
    expect(error).toMatchObject({ status: 400, code: "INVALID_TRANSACTION_STATUS" });
  });

  it("reports an unknown transaction as 404 TRANSACTION_NOT_FOUND", async () => {
    const error = await providerError(provider.getTransaction("999999999999999999"));
    expect(error).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
  });

  it("reports bad credentials as 401 UNAUTHORIZED without revealing the password", async () => {
    const wrong = adapter({ password: "wrong-password" });
    const error = await providerError(wrong.initTransaction(input()));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(error.message).not.toContain("wrong-password");
    expect(error.message).not.toContain(Buffer.from(`${MERCHANT_ID}:wrong-password`).toString("base64"));
  });

  describe("when the provider is down", () => {
    it("turns a 503 into a ProviderError with the status", async () => {
      fake.setDown(true);
      const error = await providerError(provider.initTransaction(input()));
      expect(error).toMatchObject({ status: 503, code: "SERVER_ERROR" });
    });

    it("turns a dropped connection into a ProviderError without status", async () => {
      fake.setDown(true, "reset");
      const error = await providerError(provider.getTransaction("999999999999999999"));
      expect(error).toMatchObject({ status: null, code: null });
      expect(error.message).not.toContain(PASSWORD);
    });

    it("turns a refused connection into a ProviderError without status", async () => {
      const closed = await startFakeDatatrans({ merchantId: MERCHANT_ID, password: PASSWORD, hmacKeyHex: HMAC_KEY });
      await closed.close();
      const nobody = adapter({ apiUrl: closed.apiUrl, payUrl: closed.payUrl });
      const error = await providerError(nobody.initTransaction(input()));
      expect(error).toMatchObject({ status: null, code: null });
    });

    it("gives up after the timeout", async () => {
      const hanging: typeof fetch = (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
      const slow = adapter({ fetch: hanging, timeoutMs: 50 });
      const error = await providerError(slow.getTransaction("1"));
      expect(error).toMatchObject({ status: null, code: null });
      expect(error.message).toContain("no answer within 50 ms");
    });
  });

  it("sends a call once more when the connection was reset, with the same idempotency key", async () => {
    const seen: { method: string; key: string | null }[] = [];
    let resets = 0;
    const flaky: typeof fetch = async (url, init) => {
      seen.push({ method: init?.method ?? "GET", key: new Headers(init?.headers).get("Idempotency-Key") });
      if (resets++ % 2 === 0) throw new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
      return fetch(url, init);
    };
    const retrying = adapter({ fetch: flaky });
    const { transactionId } = await retrying.initTransaction(input());
    expect((await retrying.getTransaction(transactionId)).status).toBe("initialized");
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "GET", "GET"]);
    expect(seen[0]!.key).toBeTruthy();
    expect(seen[1]!.key).toBe(seen[0]!.key);
  });

  it("gives up when the connection fails twice in a row", async () => {
    let calls = 0;
    const down: typeof fetch = async () => {
      calls++;
      throw new TypeError("fetch failed");
    };
    const error = await providerError(adapter({ fetch: down }).getTransaction("1"));
    expect(error).toMatchObject({ status: null, code: null });
    expect(calls).toBe(2);
  });

  it("treats a 2xx answer with an unexpected body as a ProviderError", async () => {
    const odd: typeof fetch = async () => new Response(JSON.stringify({ hello: "world" }), { status: 200 });
    const oddAdapter = adapter({ fetch: odd });
    const error = await providerError(oddAdapter.getTransaction("1"));
    expect(error.message).toContain("unexpected body");
  });
});

describe("webhooks from the fake", () => {
  it("arrive signed so that verifyWebhookSignature accepts them, and a tampered copy is refused", async () => {
    const request = input();
    const { transactionId } = await provider.initTransaction(request);
    await fake.pay(transactionId, "settled");

    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    const header = webhook?.headers["datatrans-signature"];
    expect(typeof header).toBe("string");
    const rawBody = webhook?.rawBody ?? "";
    expect(verifyWebhookSignature(header as string, rawBody, HMAC_KEY, { maxAgeMs: 5 * 60_000 })).toBe(true);
    expect(JSON.parse(rawBody)).toMatchObject({
      transactionId,
      status: "settled",
      refno: request.refno,
      detail: { settle: { amount: 12_950 } },
    });
    expect(fake.webhooks.at(-1)).toStrictEqual({ transactionId, url: receiver.url, responseStatus: 200 });

    expect(verifyWebhookSignature(header as string, rawBody.replace('"settled"', '"failed"'), HMAC_KEY)).toBe(false);
    expect(verifyWebhookSignature(header as string, rawBody, "00".repeat(32))).toBe(false);
    expect(verifyWebhookSignature((header as string).replace(/s0=[0-9a-f]/, "s0=x"), rawBody, HMAC_KEY)).toBe(false);
    expect(verifyWebhookSignature(null, rawBody, HMAC_KEY)).toBe(false);
  });

  it("can arrive twice for the same transaction, both validly signed", async () => {
    const { transactionId } = await provider.initTransaction(input());
    await fake.pay(transactionId, "settled");
    const resent = await fake.sendWebhook(transactionId);
    expect(resent.status).toBe(200);

    expect(receiver.received).toHaveLength(2);
    for (const webhook of receiver.received) {
      expect(verifyWebhookSignature(webhook.headers["datatrans-signature"] as string, webhook.rawBody, HMAC_KEY)).toBe(
        true
      );
      expect(JSON.parse(webhook.rawBody)).toMatchObject({ transactionId, status: "settled" });
    }
  });

  it("are sent for a declined payment as well", async () => {
    const { transactionId } = await provider.initTransaction(input());
    await fake.pay(transactionId, "failed");
    expect(JSON.parse(receiver.received[0]?.rawBody ?? "{}")).toMatchObject({
      transactionId,
      status: "failed",
      detail: { fail: {} },
    });
  });
});

describe("the fake itself behaves like Datatrans", () => {
  const auth = `Basic ${Buffer.from(`${MERCHANT_ID}:${PASSWORD}`).toString("base64")}`;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.apiUrl}/v1/transactions`, {
      method: "POST",
      headers: { Authorization: auth, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("rejects unknown fields such as the spec's systemId, also nested ones", async () => {
    const top = await post({ currency: "CHF", refno: "X1", systemId: "kidsindoor" });
    expect(top.status).toBe(400);
    expect(await top.json()).toMatchObject({ error: { code: "UNRECOGNIZED_PROPERTY" } });
    const nested = await post({ currency: "CHF", refno: "X2", webhook: { url: "http://a.test", secret: "x" } });
    expect(await nested.json()).toMatchObject({ error: { code: "UNRECOGNIZED_PROPERTY" } });
  });

  it("requires currency and refno", async () => {
    for (const body of [
      { refno: "X3" },
      { currency: "CHF" },
      { currency: "CHF", refno: "" },
      { currency: "CHF", refno: "x".repeat(41) },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "INVALID_PROPERTY" } });
    }
  });

  it("answers 201 with a Location header", async () => {
    const response = await post({ currency: "CHF", refno: "X4", amount: 100 });
    expect(response.status).toBe(201);
    const { transactionId } = (await response.json()) as { transactionId: string };
    expect(response.headers.get("location")).toBe(`${fake.apiUrl}/v1/transactions/${transactionId}`);
  });

  it("replays the first answer for a repeated Idempotency-Key and refuses it for another body", async () => {
    const key = "6f1c8a52-4f0e-4c1e-9d1b-2a7c3e5b8d90";
    const before = fake.transactions.size;
    const first = (await (await post({ currency: "CHF", refno: "X5" }, { "Idempotency-Key": key })).json()) as object;
    const again = await post({ currency: "CHF", refno: "X5" }, { "Idempotency-Key": key });
    expect(again.status).toBe(201);
    expect(await again.json()).toStrictEqual(first);
    expect(fake.transactions.size).toBe(before + 1);

    const other = await post({ currency: "CHF", refno: "X6" }, { "Idempotency-Key": key });
    expect(other.status).toBe(422);
  });

  it("can refuse a refno that an open transaction already uses", async () => {
    const strict = await startFakeDatatrans({
      merchantId: MERCHANT_ID,
      password: PASSWORD,
      hmacKeyHex: HMAC_KEY,
      rejectDuplicateRefno: true,
    });
    try {
      const strictAdapter = adapter({ apiUrl: strict.apiUrl, payUrl: strict.payUrl });
      const request = input({ webhookUrl: "http://127.0.0.1:9/unused" });
      const { transactionId } = await strictAdapter.initTransaction(request);
      expect(await providerError(strictAdapter.initTransaction(request))).toMatchObject({
        status: 400,
        code: "DUPLICATE_REFNO",
      });
      await strictAdapter.cancel(transactionId, request.refno);
      await expect(strictAdapter.initTransaction(request)).resolves.toBeDefined();
    } finally {
      await strict.close();
    }
  });

  it("serves a payment page that redirects back with datatransTrxId", async () => {
    const request = input();
    const { transactionId, paymentUrl } = await provider.initTransaction(request);
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("CHF 129.50");

    const submit = await fetch(paymentUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=settled",
      redirect: "manual",
    });
    expect(submit.status).toBe(303);
    expect(submit.headers.get("location")).toBe(`${request.successUrl}?datatransTrxId=${transactionId}`);
    expect((await provider.getTransaction(transactionId)).status).toBe("settled");
    expect(receiver.received).toHaveLength(1);
  });
});
