import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

/**
 * A local stand-in for Datatrans' JSON API v1 and payment page, strict where the real one is
 * (auth, unknown fields, status rules, idempotency), so the adapter is tested against HTTP rather
 * than mocks. The API lives at `apiUrl`, the payment page at `payUrl` (a different base, as in
 * production, so a mix-up shows).
 */

export type PayOutcome = "settled" | "authorized" | "failed" | "canceled";

export type FakeTransaction = {
  transactionId: string;
  type: "payment" | "credit";
  status: string;
  currency: string;
  refno: string;
  amount: number | null;
  autoSettle: boolean;
  paymentMethod: string | null;
  redirect: { successUrl?: string; cancelUrl?: string; errorUrl?: string } | null;
  webhookUrl: string | null;
  authorizedAmount: number | null;
  settledAmount: number | null;
  creditedAmount: number;
  fail: { reason: string; message: string } | null;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
};
export type WebhookDelivery = { transactionId: string; url: string; responseStatus: number | null };

export type FakeDatatrans = {
  apiUrl: string;
  payUrl: string;
  transactions: Map<string, FakeTransaction>;
  requests: RecordedRequest[];
  webhooks: WebhookDelivery[];
  /** Completes the payment as the customer would, then delivers the signed webhook (failures are only recorded). */
  pay(transactionId: string, outcome: PayOutcome): Promise<void>;
  /** Delivers the webhook for the current state again, as Datatrans' retries do. */
  sendWebhook(transactionId: string): Promise<Response>;
  /** "503": every API call answers 503 SERVER_ERROR; "reset": the connection is dropped without an answer. */
  setDown(down: boolean, mode?: "503" | "reset"): void;
  /**
   * Realistic latency of a refund: the credit is carried out at once (the money goes back), but its
   * answer is sent `ms` later — the window in which a shop can crash or a client can time out. A
   * repeat with the same Idempotency-Key meanwhile answers 409, as Datatrans does; after, the first answer.
   */
  setCreditDelay(ms: number): void;
  /** Credits answer 400 with this code (e.g. "DECLINED") instead of being carried out; null: normal. */
  setCreditRefusal(code: string | null): void;
  /** The credit (refund) transactions made, in order. */
  credits(): FakeTransaction[];
  close(): Promise<void>;
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

const Refno = z.string().min(1).max(40);
const Currency = z.string().regex(/^[A-Z]{3}$/);
const InitBody = z
  .object({
    currency: Currency,
    refno: Refno,
    refno2: Refno.optional(),
    amount: z.number().int().nonnegative().optional(),
    language: z.string().length(2).optional(),
    autoSettle: z.boolean().optional(),
    paymentMethods: z.array(z.string().regex(/^[A-Z0-9]{3}$/)).optional(),
    redirect: z
      .object({
        successUrl: z.string().url().optional(),
        cancelUrl: z.string().url().optional(),
        errorUrl: z.string().url().optional(),
        method: z.enum(["GET", "POST"]).optional(),
      })
      .strict()
      .optional(),
    webhook: z.object({ url: z.string().url() }).strict().optional(),
  })
  .strict();
const CancelBody = z.object({ refno: Refno, refno2: Refno.optional() }).strict();
const CreditBody = z
  .object({ amount: z.number().int().positive(), currency: Currency, refno: Refno, refno2: Refno.optional() })
  .strict();

/** Parses a request body the way Datatrans reports problems: unknown fields first, then invalid ones. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown, scope: string): { data: T } | { answer: Answer } {
  if (body === undefined) return { answer: error(400, "INVALID_PROPERTY", `${scope}: malformed or missing JSON body`) };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const unknown = parsed.error.issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown) {
    const where = [scope, ...unknown.path, ...unknown.keys].join(".");
    return { answer: error(400, "UNRECOGNIZED_PROPERTY", `Unrecognized property: ${where}`) };
  }
  const first = parsed.error.issues[0];
  const where = [scope, ...(first?.path ?? [])].join(".");
  return { answer: error(400, "INVALID_PROPERTY", `${where}: ${first?.message ?? "invalid"}`) };
}

/** Independent of the app's signature module on purpose: both must agree with Datatrans, not with each other. */
function signature(hmacKeyHex: string, timestamp: number, rawBody: string): string {
  const s0 = createHmac("sha256", Buffer.from(hmacKeyHex, "hex")).update(`${timestamp}${rawBody}`).digest("hex");
  return `t=${timestamp},s0=${s0}`;
}

// Statuses from which the customer can still finish, and the merchant can still cancel.
const OPEN_STATUSES = new Set(["initialized", "challenge_required", "challenge_ongoing", "authenticated", "authorized"]);
const SETTLED_STATUSES = new Set(["settled", "transmitted"]);

export async function startFakeDatatrans(options: {
  merchantId: string;
  password: string;
  hmacKeyHex: string;
  /** Datatrans can be configured to refuse a refno that an open transaction already uses. */
  rejectDuplicateRefno?: boolean;
}): Promise<FakeDatatrans> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: RecordedRequest[] = [];
  const webhooks: WebhookDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer; inFlight: boolean }>();
  let creditDelayMs = 0;
  let creditRefusal: string | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${options.merchantId}:${options.password}`).toString("base64")}`;
  let down: false | "503" | "reset" = false;
  let sequence = 0;

  // Real ids are 18 digits, starting with yyMMddHHmmss.
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 14);
  const nextId = () => `${stamp}${String(++sequence).padStart(6, "0")}`;

  function view(t: FakeTransaction) {
    return {
      transactionId: t.transactionId,
      merchantId: options.merchantId,
      type: t.type,
      status: t.status,
      currency: t.currency,
      refno: t.refno,
      ...(t.paymentMethod ? { paymentMethod: t.paymentMethod } : {}),
      detail: {
        ...(t.authorizedAmount !== null
          ? { authorize: { amount: t.authorizedAmount, acquirerAuthorizationCode: "100000" } }
          : {}),
        ...(t.settledAmount !== null ? { settle: { amount: t.settledAmount } } : {}),
        ...(t.fail ? { fail: t.fail } : {}),
      },
    };
  }

  function api(method: string, path: string, body: unknown): Answer {
    if (method === "POST" && path === "/v1/transactions") {
      const parsed = parseBody(InitBody, body, "init");
      if ("answer" in parsed) return parsed.answer;
      const input = parsed.data;
      if (options.rejectDuplicateRefno) {
        for (const t of transactions.values()) {
          if (t.refno === input.refno && OPEN_STATUSES.has(t.status)) {
            return error(400, "DUPLICATE_REFNO", "refno already used");
          }
        }
      }
      const t: FakeTransaction = {
        transactionId: nextId(),
        type: "payment",
        status: "initialized",
        currency: input.currency,
        refno: input.refno,
        amount: input.amount ?? null,
        autoSettle: input.autoSettle ?? false,
        paymentMethod: null,
        redirect: input.redirect ?? null,
        webhookUrl: input.webhook?.url ?? null,
        authorizedAmount: null,
        settledAmount: null,
        creditedAmount: 0,
        fail: null,
      };
      transactions.set(t.transactionId, t);
      return {
        status: 201,
        body: { transactionId: t.transactionId },
        headers: { Location: `${apiUrl}/v1/transactions/${t.transactionId}` },
      };
    }

    const match = /^\/v1\/transactions\/([^/]+)(?:\/(cancel|credit))?$/.exec(path);
    if (!match) return error(404, "NOT_FOUND", `No such endpoint: ${method} ${path}`);
    const t = transactions.get(decodeURIComponent(match[1] ?? ""));
    const action = match[2];
    if (!t) return error(404, "TRANSACTION_NOT_FOUND", "Transaction not found");

    if (method === "GET" && !action) return { status: 200, body: view(t) };
    if (method === "POST" && action === "cancel") {
      const parsed = parseBody(CancelBody, body, "cancel");
      if ("answer" in parsed) return parsed.answer;
      if (!OPEN_STATUSES.has(t.status)) {
        return error(400, "INVALID_TRANSACTION_STATUS", `Cannot cancel a ${t.status} transaction`);
      }
      t.status = "canceled";
      return { status: 204 };
    }
    if (method === "POST" && action === "credit") {
      const parsed = parseBody(CreditBody, body, "credit");
      if ("answer" in parsed) return parsed.answer;
      const input = parsed.data;
      if (creditRefusal) return error(400, creditRefusal, "credit declined");
      if (t.type !== "payment" || !SETTLED_STATUSES.has(t.status)) {
        return error(400, "INVALID_TRANSACTION_STATUS", `Cannot credit a ${t.status} transaction`);
      }
      if (input.currency !== t.currency) {
        return error(400, "INVALID_PROPERTY", "credit.currency does not match the transaction");
      }
      if (input.amount > (t.settledAmount ?? 0) - t.creditedAmount) {
        return error(400, "INVALID_PROPERTY", "credit.amount exceeds the amount left to credit");
      }
      t.creditedAmount += input.amount;
      const credit: FakeTransaction = {
        ...t,
        transactionId: nextId(),
        type: "credit",
        status: "settled",
        refno: input.refno,
        amount: input.amount,
        authorizedAmount: input.amount,
        settledAmount: input.amount,
        creditedAmount: 0,
        webhookUrl: null,
      };
      transactions.set(credit.transactionId, credit);
      return { status: 200, body: { transactionId: credit.transactionId, acquirerAuthorizationCode: "100000" } };
    }
    return error(404, "NOT_FOUND", `No such endpoint: ${method} ${path}`);
  }

  /**
   * Auth, then idempotent replay, then the endpoint; Datatrans keeps the first answer per key (a
   * repeat while the first is still being answered gets 409). A credit's answer may be delayed.
   */
  async function handleApi(req: IncomingMessage, path: string, rawBody: string, body: unknown): Promise<Answer> {
    if (req.headers.authorization !== expectedAuth) return error(401, "UNAUTHORIZED", "Invalid merchantId or password");
    const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
    const delay = req.method === "POST" && path.endsWith("/credit") ? creditDelayMs : 0;
    if (typeof key !== "string") {
      const answer = api(req.method ?? "", path, body);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return answer;
    }
    const fingerprint = `${req.method} ${path} ${rawBody}`;
    const earlier = idempotent.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) return error(422, "IDEMPOTENCY_KEY_REUSED", "Idempotency-Key was used with a different request");
      return earlier.inFlight ? error(409, "CONFLICT", "A request with this Idempotency-Key is being processed") : earlier.answer;
    }
    const answer = api(req.method ?? "", path, body);
    const entry = { fingerprint, answer, inFlight: delay > 0 };
    idempotent.set(key, entry);
    if (delay > 0) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      entry.inFlight = false;
    }
    return answer;
  }

  function apply(t: FakeTransaction, outcome: PayOutcome) {
    if (t.type !== "payment" || !OPEN_STATUSES.has(t.status)) {
      throw new Error(`Cannot pay transaction ${t.transactionId} in status ${t.status}`);
    }
    // Without autoSettle a successful payment stops at authorized until the merchant settles it.
    t.status = outcome === "settled" && !t.autoSettle ? "authorized" : outcome;
    if (outcome === "failed") {
      t.fail = { reason: "DECLINED", message: "declined" };
      return;
    }
    if (outcome === "canceled") return;
    t.paymentMethod = "VIS";
    t.authorizedAmount = t.amount;
    if (t.status === "settled") t.settledAmount = t.amount;
  }

  async function sendWebhook(transactionId: string): Promise<Response> {
    const t = transactions.get(transactionId);
    if (!t?.webhookUrl) throw new Error(`Transaction ${transactionId} is unknown or has no webhook URL`);
    const rawBody = JSON.stringify(view(t));
    return fetch(t.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Datatrans-Signature": signature(options.hmacKeyHex, Date.now(), rawBody),
      },
      body: rawBody,
    });
  }

  async function pay(transactionId: string, outcome: PayOutcome): Promise<void> {
    const t = transactions.get(transactionId);
    if (!t) throw new Error(`Unknown transaction ${transactionId}`);
    apply(t, outcome);
    if (!t.webhookUrl) return;
    // Datatrans does not care how the shop answers; tests read the record instead.
    const delivery: WebhookDelivery = { transactionId, url: t.webhookUrl, responseStatus: null };
    webhooks.push(delivery);
    try {
      const response = await sendWebhook(transactionId);
      delivery.responseStatus = response.status;
      await response.arrayBuffer();
    } catch {
      // Left as null: the shop was unreachable.
    }
  }

  /** A bare payment page so browser tests can click through: the three buttons a customer has. */
  async function paymentPage(req: IncomingMessage, res: ServerResponse, id: string, form: URLSearchParams) {
    const t = transactions.get(id);
    if (!t) return send(res, { status: 404, body: "Unknown transaction" });
    if (req.method === "GET") {
      const button = (outcome: PayOutcome, label: string) =>
        `<form method="post"><button name="outcome" value="${outcome}">${label}</button></form>`;
      const html = `<!doctype html><title>Fake Datatrans</title><h1>CHF ${((t.amount ?? 0) / 100).toFixed(2)}</h1>
${button("settled", "Pay")}${button("failed", "Decline")}${button("canceled", "Cancel")}`;
      return send(res, { status: 200, body: html, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    const outcome = form.get("outcome");
    if (outcome !== "settled" && outcome !== "failed" && outcome !== "canceled") {
      return send(res, { status: 400, body: "Bad outcome" });
    }
    await pay(id, outcome);
    const targets = { settled: t.redirect?.successUrl, failed: t.redirect?.errorUrl, canceled: t.redirect?.cancelUrl };
    const target = targets[outcome];
    if (!target) return send(res, { status: 200, body: `Payment ${outcome}` });
    const url = new URL(target);
    url.searchParams.set("datatransTrxId", id);
    return send(res, { status: 303, headers: { Location: url.toString() } });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      let body: unknown;
      try {
        body = rawBody === "" ? undefined : JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? "", path, headers: req.headers, rawBody, body });

      const page = /^\/pay\/v1\/start\/([^/]+)$/.exec(path);
      if (page) {
        paymentPage(req, res, decodeURIComponent(page[1] ?? ""), new URLSearchParams(rawBody)).catch((cause: unknown) =>
          send(res, { status: 500, body: String(cause) })
        );
        return;
      }
      if (down === "reset") req.socket.destroy();
      else if (down === "503") send(res, error(503, "SERVER_ERROR", "Service unavailable"));
      // The client may have gone meanwhile (a delayed answer to a killed shop): nothing to send to.
      else void handleApi(req, path, rawBody, body).then((answer) => (res.destroyed ? undefined : send(res, answer)));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl,
    payUrl: `${apiUrl}/pay`,
    transactions,
    requests,
    webhooks,
    pay,
    sendWebhook,
    setDown(isDown, mode = "503") {
      down = isDown ? mode : false;
    },
    setCreditDelay(ms) {
      creditDelayMs = ms;
    },
    setCreditRefusal(code) {
      creditRefusal = code;
    },
    credits() {
      return [...transactions.values()].filter((t) => t.type === "credit");
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** Strings go out as text (the payment page), anything else as JSON, no body as an empty answer (204). */
function send(res: ServerResponse, answer: Answer) {
  if (answer.body === undefined) {
    res.writeHead(answer.status, answer.headers).end();
    return;
  }
  const json = typeof answer.body !== "string";
  const type = json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
  res.writeHead(answer.status, { "Content-Type": type, ...answer.headers });
  res.end(json ? JSON.stringify(answer.body) : (answer.body as string));
}
