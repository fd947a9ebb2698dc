import type { Db } from "../platform/db.server";
import { getDraft } from "../booking/draft.server";
import { abandonPayment, confirmPayment, findPayment } from "./payments.server";

/**
 * The browser came back through the cancel or error URL: release the hold at once — but only for
 * the family whose draft made this booking. Anyone else opening such a URL merely makes the server
 * re-read the provider's status, so a guessed transaction id cannot cancel somebody's payment.
 */
export async function handleAbandonedReturn(db: Db, request: Request, reason: "cancelled" | "failed"): Promise<void> {
  const transactionId = new URL(request.url).searchParams.get("datatransTrxId");
  if (!transactionId) return;
  try {
    const [payment, draft] = await Promise.all([findPayment(db, transactionId), getDraft(request)]);
    if (!payment) return;
    if (draft.bookingCode === payment.refno) await abandonPayment(db, transactionId, reason);
    else await confirmPayment(db, transactionId);
  } catch (error) {
    // The periodic sweep still frees the table when the hold runs out.
    console.warn(`Could not release the hold of ${transactionId}: ${(error as Error).message}`);
  }
}
