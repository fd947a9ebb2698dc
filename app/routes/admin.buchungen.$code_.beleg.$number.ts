import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";
import { staffReceiptDocument } from "~/server/accounting/receipts.server";
import { getDb } from "~/server/platform/db.server";
import { requireStaff } from "~/server/staff/auth.server";

/** A booking's receipt or credit note as PDF for staff (issue #31 §1). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  return pdfResponse(await staffReceiptDocument(await getDb(), params.code ?? "", params.number ?? ""), { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
}
