import type { Db } from "../platform/db.server";
import { getDraft } from "../booking/draft.server";
import { abandonPayment, confirmPayment, findPayment } from "./payments.server";
import { log, oneLineError } from "../platform/log.server";

/**
 * What the cancel or error return page shows:
 * - `released`: the provider reports the payment cancelled or failed; its hold is given back (the
 *   spec's «Abbrechen» path) — or nothing was there to give back;
 * - `settled`: the provider has the money after all (the family paid in another tab, TWINT in its
 *   app): the booking is confirmed, the page forwards to the confirmation;
 * - `open`: the provider still has the payment open (the URL opened by hand, a prefetch, a link):
 *   nothing changes on a GET; the family may go back to the provider or give it up with a POST.
 */
export type AbandonedReturn = { kind: "released" } | { kind: "settled"; transactionId: string } | { kind: "open"; transactionId: string; paymentUrl: string | null };

/**
 * The browser came back through the cancel or error URL (a GET from the provider's redirect). The
 * provider's word decides, through `confirmPayment`: cancelled or failed there releases the hold at
 * once, paid there confirms the booking. A GET never gives up a payment the provider still has open
 * (issue #27 §6) and never one it settled. Only the browser whose draft made the booking learns more
 * than "released": anyone else opening such a URL merely makes the server re-read the provider's
 * status, so a guessed transaction id cannot cancel somebody's payment or see its state.
 */
export async function handleAbandonedReturn(db: Db, request: Request): Promise<AbandonedReturn> {
  const transactionId = new URL(request.url).searchParams.get("datatransTrxId");
  if (!transactionId) return { kind: "released" };
  try {
    const [payment, draft] = await Promise.all([findPayment(db, transactionId), getDraft(request)]);
    if (!payment) return { kind: "released" };
    const now = (await confirmPayment(db, transactionId)).payment;
    if (draft.bookingCode !== payment.refno || !now) return { kind: "released" };
    if (now.status === "settled") return { kind: "settled", transactionId };
    if (now.status === "pending") return { kind: "open", transactionId, paymentUrl: now.paymentUrl };
  } catch (error) {
    // The periodic sweep still frees the table when the hold runs out.
    log.warn({ transactionId, cause: oneLineError(error) }, "payment could not be read on its return");
  }
  return { kind: "released" };
}

/**
 * The family's «Zahlung abbrechen» on the return page (a POST): cancelled at the provider and the
 * hold given back — only for the browser whose draft made the booking. A payment the provider
 * settled meanwhile is confirmed instead (abandonPayment asks first).
 */
export async function giveUpReturnedPayment(db: Db, request: Request, transactionId: unknown, reason: "cancelled" | "failed"): Promise<AbandonedReturn> {
  if (typeof transactionId !== "string" || transactionId === "") return { kind: "released" };
  const [payment, draft] = await Promise.all([findPayment(db, transactionId), getDraft(request)]);
  if (!payment || draft.bookingCode !== payment.refno) return { kind: "released" };
  const now = (await abandonPayment(db, transactionId, reason)).payment;
  if (now?.status === "settled") return { kind: "settled", transactionId };
  return { kind: "released" };
}
