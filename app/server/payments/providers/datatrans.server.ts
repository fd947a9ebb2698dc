import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ProviderError, type PaymentProvider, type TransactionInfo } from "./provider.server";

export type DatatransConfig = {
  merchantId: string;
  password: string;
  /** e.g. https://api.sandbox.datatrans.com */
  apiUrl: string;
  /** e.g. https://pay.sandbox.datatrans.com */
  payUrl: string;
  /** Injected by tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

// Methods offered on the payment page: TWINT, Visa, Mastercard, PostFinance Card.
const PAYMENT_METHODS = ["TWI", "VIS", "ECA", "PFC"];

const IdAnswer = z.object({ transactionId: z.string().min(1) });

const Amount = z.number().int().nonnegative();
const StatusAnswer = z.object({
  transactionId: z.string().min(1),
  status: z.string().min(1),
  refno: z.string().nullish(),
  currency: z.string().nullish(),
  detail: z
    .object({
      authorize: z.object({ amount: Amount.nullish() }).nullish(),
      settle: z.object({ amount: Amount.nullish() }).nullish(),
    })
    .nullish(),
});

const ErrorBody = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});

/** The payment provider over Datatrans' JSON API v1 (redirect flow). */
export function createDatatransProvider(config: DatatransConfig): PaymentProvider {
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  const payUrl = config.payUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Built once and kept out of every message and error: it carries the password.
  const authorization = `Basic ${Buffer.from(`${config.merchantId}:${config.password}`, "utf8").toString("base64")}`;

  /** One API call: the answer's body text when the status is 2xx, else a ProviderError. */
  async function call(method: "GET" | "POST", path: string, body?: Record<string, unknown>, idempotencyKey?: string): Promise<string> {
    const what = `Datatrans ${method} ${path}`;
    const headers: Record<string, string> = { Authorization: authorization, Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json; charset=utf-8";
    // One key per call, so a resend of this very request can never start or refund twice; a later
    // call by the app (e.g. a new init after the first one expired) must be free to act again. A
    // refund brings its own stored key: its retries (and the reconciliation after a crash) are
    // repeats of the one request, answered by Datatrans with the first result.
    if (method === "POST") headers["Idempotency-Key"] = idempotencyKey ?? randomUUID();

    let status = 0;
    let text = "";
    for (let attempt = 1; ; attempt++) {
      try {
        // Looked up per call, so a fetch stubbed after creation (vi.stubGlobal) is still used.
        const response = await (config.fetch ?? fetch)(`${apiUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        status = response.status;
        // Read inside the try: the timeout must also cover a body that never finishes.
        text = await response.text();
        break;
      } catch (cause) {
        const timedOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
        // A kept-alive connection the other side closed just as it was reused fails at once
        // (ECONNRESET): sent again once on a fresh connection. Safe: a GET reads, and a POST
        // repeats with the same Idempotency-Key, so Datatrans answers it with the first result.
        if (!timedOut && attempt === 1) continue;
        const reason = timedOut ? `no answer within ${timeoutMs} ms` : cause instanceof Error ? cause.message : String(cause);
        const error = new ProviderError(`${what} failed: ${reason}`, null, null);
        error.cause = cause;
        throw error;
      }
    }

    if (status >= 200 && status <= 299) return text;
    const parsed = ErrorBody.safeParse(parseJson(text));
    const code = parsed.success ? parsed.data.error.code ?? null : null;
    const detail = parsed.success ? parsed.data.error.message : undefined;
    throw new ProviderError(
      `${what} answered ${status}${code ? ` ${code}` : ""}${detail ? `: ${detail}` : ""}`,
      status,
      code
    );
  }

  /** A 2xx answer whose body is not what Datatrans documents is an error too, not a crash later. */
  function parseAnswer<T>(schema: z.ZodType<T>, text: string, what: string): T {
    const parsed = schema.safeParse(parseJson(text));
    if (!parsed.success) throw new ProviderError(`Datatrans ${what} answered with an unexpected body`, null, null);
    return parsed.data;
  }

  const transactionPath = (transactionId: string) => `/v1/transactions/${encodeURIComponent(transactionId)}`;

  return {
    name: "datatrans",

    async initTransaction(input) {
      // Every field spelled out: Datatrans rejects unknown properties, so nothing of the caller's
      // object (or the spec's systemId/reservationData) may leak into the body.
      const body = {
        currency: input.currency,
        refno: input.refno,
        amount: input.amountRappen,
        // Datatrans speaks all four: the payment page in the family's language.
        language: input.language ?? "de",
        autoSettle: true,
        paymentMethods: PAYMENT_METHODS,
        redirect: { successUrl: input.successUrl, cancelUrl: input.cancelUrl, errorUrl: input.errorUrl, method: "GET" },
        webhook: { url: input.webhookUrl },
      };
      const { transactionId } = parseAnswer(IdAnswer, await call("POST", "/v1/transactions", body), "init");
      return { transactionId, paymentUrl: `${payUrl}/v1/start/${encodeURIComponent(transactionId)}` };
    },

    async getTransaction(transactionId): Promise<TransactionInfo> {
      const trx = parseAnswer(StatusAnswer, await call("GET", transactionPath(transactionId)), "status");
      return {
        transactionId: trx.transactionId,
        status: trx.status,
        refno: trx.refno ?? null,
        currency: trx.currency ?? null,
        amountRappen: trx.detail?.settle?.amount ?? trx.detail?.authorize?.amount ?? null,
      };
    },

    async cancel(transactionId, refno) {
      await call("POST", `${transactionPath(transactionId)}/cancel`, { refno });
    },

    async credit(transactionId, input, options) {
      const body = { amount: input.amountRappen, currency: input.currency, refno: input.refno };
      const answer = await call("POST", `${transactionPath(transactionId)}/credit`, body, options?.idempotencyKey);
      const { transactionId: creditId } = parseAnswer(IdAnswer, answer, "credit");
      return { transactionId: creditId };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
