import type { LoaderFunctionArgs } from "@remix-run/node";
import { receiptDocument } from "~/server/accounting/receipts.server";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";

/** A receipt or credit note of the booking the manage link names, as PDF (issue #31 §1). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  return pdfResponse(await receiptDocument(db, r.id, params.number ?? ""), MANAGE_HEADERS);
}
