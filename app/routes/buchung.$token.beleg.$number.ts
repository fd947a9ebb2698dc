import type { LoaderFunctionArgs } from "@remix-run/node";
import { familyReceiptDocument } from "~/server/accounting/receipts.server";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";

/** A receipt or credit note of the booking the manage link names, as PDF (issue #31 §1). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const answer = await familyReceiptDocument(db, r.id, params.number ?? "");
  return pdfResponse(answer.kind === "file" ? answer : answer.kind === "limited" ? answer : null, MANAGE_HEADERS);
}
