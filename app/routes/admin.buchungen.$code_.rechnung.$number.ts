import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffInvoiceDocument } from "~/server/accounting/invoices.server";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";
import { getDb } from "~/server/platform/db.server";
import { requireStaff } from "~/server/staff/auth.server";

/** A booking's invoice with its QR-bill as PDF, for staff (issue #31 §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  return pdfResponse(await staffInvoiceDocument(await getDb(), params.code ?? "", params.number ?? ""), { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
}
