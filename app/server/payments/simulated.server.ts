import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db.server";
import { simulatedTransactions } from "../db/schema";
import { ProviderError, type PaymentProvider, type TransactionInfo } from "./provider.server";
import { signWebhook } from "./signature.server";

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
    async credit(transactionId) {
      const row = await find(transactionId);
      if (row.status !== "settled") throw new ProviderError("only settled transactions can be credited", 400, "INVALID_TRANSACTION_STATUS");
      return { transactionId: `SIMCR${Date.now()}${randomBytes(4).toString("hex")}` };
    },
  };
}

/**
 * The family pressed a button on the simulated payment page: move the transaction like Datatrans
 * would, send the signed webhook (not awaited: it races the browser's return, as in real life),
 * and tell the page where to send the browser.
 */
export async function completeSimulatedPayment(
  db: Db,
  transactionId: string,
  outcome: SimulatedOutcome,
  hmacKeyHex: string,
): Promise<string | null> {
  const [row] = await db
    .update(simulatedTransactions)
    .set({ status: outcome })
    .where(eq(simulatedTransactions.transactionId, transactionId))
    .returning();
  if (!row) return null;
  if (row.webhookUrl) {
    const body = JSON.stringify({
      transactionId,
      type: "payment",
      status: outcome,
      currency: row.currency,
      refno: row.refno,
      paymentMethod: "VIS",
      detail: outcome === "settled" ? { authorize: { amount: row.amountRappen }, settle: { amount: row.amountRappen } } : {},
    });
    void fetch(row.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Datatrans-Signature": signWebhook(hmacKeyHex, body, Date.now()) },
      body,
    }).catch((error: Error) => console.warn(`Simulated webhook failed: ${error.message}`));
  }
  const base = outcome === "settled" ? row.successUrl : outcome === "canceled" ? row.cancelUrl : row.errorUrl;
  const url = new URL(base);
  url.searchParams.set("datatransTrxId", transactionId);
  return url.toString();
}

export async function findSimulatedTransaction(db: Db, transactionId: string) {
  const [row] = await db.select().from(simulatedTransactions).where(eq(simulatedTransactions.transactionId, transactionId));
  return row ?? null;
}
