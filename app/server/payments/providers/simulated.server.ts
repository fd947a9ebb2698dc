import { createHash, randomBytes } from "node:crypto";
import { eq, getTableColumns, lte, sql } from "drizzle-orm";
import type { Db } from "../../platform/db.server";
import { simulatedTransactions } from "../../platform/schema";
import { ProviderError, type PaymentProvider, type TransactionInfo } from "./provider.server";
import { signWebhook } from "./signature.server";
import { log, oneLineError } from "../../platform/log.server";
import { splitLangPath, type Lang } from "~/i18n/locales";

export type SimulatedOutcome = "settled" | "canceled" | "failed";

/**
 * The provider for local runs: its transactions are rows in this database and its payment page is
 * served by the app (/simulated-pay/…), but it returns the browser and signs its webhook exactly as
 * Datatrans does, so the rest of the site cannot tell the difference.
 */
export function createSimulatedProvider(options: { db: () => Promise<Db>; publicUrl: string }): PaymentProvider {
  async function find(transactionId: string) {
    const db = await options.db();
    const [row] = await db.select().from(simulatedTransactions).where(eq(simulatedTransactions.transactionId, transactionId));
    if (!row) throw new ProviderError("transaction not found", 404, "TRANSACTION_NOT_FOUND");
    return row;
  }
  return {
    name: "simulated",
    async initTransaction(input) {
      const db = await options.db();
      const transactionId = `SIM${Date.now()}${randomBytes(6).toString("hex")}`;
      await db.insert(simulatedTransactions).values({
        transactionId,
        refno: input.refno,
        amountRappen: input.amountRappen,
        currency: input.currency,
        status: "initialized",
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        errorUrl: input.errorUrl,
        webhookUrl: input.webhookUrl,
      });
      return { transactionId, paymentUrl: `${options.publicUrl}/simulated-pay/${transactionId}` };
    },
    async getTransaction(transactionId): Promise<TransactionInfo> {
      const row = await find(transactionId);
      return {
        transactionId,
        status: row.status,
        refno: row.refno,
        currency: row.currency,
        amountRappen: row.status === "settled" || row.status === "authorized" ? row.amountRappen : null,
      };
    },
    async cancel(transactionId) {
      const row = await find(transactionId);
      if (row.status === "settled") throw new ProviderError("cannot cancel a settled transaction", 400, "INVALID_TRANSACTION_STATUS");
      const db = await options.db();
      await db.update(simulatedTransactions).set({ status: "canceled" }).where(eq(simulatedTransactions.transactionId, transactionId));
    },
    async credit(transactionId, input, extra) {
      const row = await find(transactionId);
      if (row.status !== "settled") throw new ProviderError("only settled transactions can be credited", 400, "INVALID_TRANSACTION_STATUS");
      // Like Datatrans: the credit is a transaction of its own (its status can be asked), and a
      // repeat with the same idempotency key answers the first credit again.
      const creditId = extra?.idempotencyKey
        ? `SIMCR${createHash("sha256").update(extra.idempotencyKey).digest("hex").slice(0, 24)}`
        : `SIMCR${Date.now()}${randomBytes(4).toString("hex")}`;
      const db = await options.db();
      await db
        .insert(simulatedTransactions)
        .values({ transactionId: creditId, refno: input.refno, amountRappen: input.amountRappen, currency: input.currency, status: "settled", successUrl: "", cancelUrl: "", errorUrl: "", webhookUrl: null })
        .onConflictDoNothing();
      return { transactionId: creditId };
    },
  };
}

/**
 * The family pressed a button on the simulated payment page: move the transaction like Datatrans
 * would, owe the signed webhook (delivered in the background: it races the browser's return, as in
 * real life), and tell the page where to send the browser.
 */
export async function completeSimulatedPayment(
  db: Db,
  transactionId: string,
  outcome: SimulatedOutcome,
  hmacKeyHex: string,
): Promise<string | null> {
  const [row] = await db
    .update(simulatedTransactions)
    .set({ status: outcome, webhookDueAt: new Date(), webhookAttempts: 0 })
    .where(eq(simulatedTransactions.transactionId, transactionId))
    .returning();
  if (!row) return null;
  void deliverSimulatedWebhooks(db, hmacKeyHex).catch((error: Error) => log.warn({ cause: oneLineError(error) }, "simulated webhook delivery failed"));
  const base = outcome === "settled" ? row.successUrl : outcome === "canceled" ? row.cancelUrl : row.errorUrl;
  const url = new URL(base);
  url.searchParams.set("datatransTrxId", transactionId);
  return url.toString();
}

/**
 * Like a real provider, the simulated one retries its webhook until the shop answers 2xx: after
 * 5 s, 10 s, 20 s … (doubling, at most 10 minutes apart), 10 attempts in all. What is owed is a
 * column of the transaction, so a restart of the server (which is also the "provider" here) resumes
 * delivery; the shop's reconciliation job catches whatever is still missing after that.
 */
export const SIMULATED_WEBHOOK_RETRY = { firstDelayMs: 5_000, maxDelayMs: 10 * 60_000, maxAttempts: 10 } as const;

/** Sends every webhook that is due; each is claimed first (the next attempt's time), so parallel runs never send one twice at once. */
export async function deliverSimulatedWebhooks(db: Db, hmacKeyHex: string, now: Date = new Date()): Promise<number> {
  // Claimed in one statement: the due rows are locked in a WITH (always materialised, so its LIMIT
  // runs once), skipping rows another run holds, and get their next attempt's time.
  const due = db.$with("due_webhooks").as(
    db
      .select({ transactionId: simulatedTransactions.transactionId })
      .from(simulatedTransactions)
      .where(lte(simulatedTransactions.webhookDueAt, now))
      .limit(20)
      .for("update", { skipLocked: true }),
  );
  const attempt = sql`${simulatedTransactions.webhookAttempts} + 1`;
  // After the n-th attempt: min(10 min, 5 s × 2^(n−1)).
  const delayMs = sql`least(${SIMULATED_WEBHOOK_RETRY.maxDelayMs}, ${SIMULATED_WEBHOOK_RETRY.firstDelayMs} * power(2, ${simulatedTransactions.webhookAttempts}))`;
  const claimed = await db
    .with(due)
    .update(simulatedTransactions)
    .set({
      webhookAttempts: attempt,
      webhookDueAt: sql`case when ${attempt} >= ${SIMULATED_WEBHOOK_RETRY.maxAttempts} then null else ${now.toISOString()}::timestamptz + make_interval(secs => ${delayMs} / 1000.0) end`,
    })
    .from(due)
    .where(eq(simulatedTransactions.transactionId, due.transactionId))
    .returning(getTableColumns(simulatedTransactions));
  let delivered = 0;
  for (const row of claimed) {
    if (!row.webhookUrl) continue;
    const body = JSON.stringify({
      transactionId: row.transactionId,
      type: "payment",
      status: row.status,
      currency: row.currency,
      refno: row.refno,
      paymentMethod: "VIS",
      detail: row.status === "settled" ? { authorize: { amount: row.amountRappen }, settle: { amount: row.amountRappen } } : {},
    });
    try {
      const response = await fetch(row.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Datatrans-Signature": signWebhook(hmacKeyHex, body, Date.now()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      await db.update(simulatedTransactions).set({ webhookDueAt: null }).where(eq(simulatedTransactions.transactionId, row.transactionId));
      delivered++;
    } catch (error) {
      log.warn({ transactionId: row.transactionId, attempt: row.webhookAttempts, cause: oneLineError(error) }, "simulated webhook failed");
    }
  }
  return delivered;
}

/**
 * The language the payment was started from (issue #33): the family's return page carries it
 * (`/fr/payment/success`), as the provider's return addresses are the family's language's pages; a
 * voucher order or an address without a prefix is German. Datatrans opens its page in that language.
 */
export function simulatedPaymentLang(row: { successUrl: string }): Lang {
  try {
    return splitLangPath(new URL(row.successUrl).pathname).lang;
  } catch {
    return "de";
  }
}

export async function findSimulatedTransaction(db: Db, transactionId: string) {
  const [row] = await db.select().from(simulatedTransactions).where(eq(simulatedTransactions.transactionId, transactionId));
  return row ?? null;
}
