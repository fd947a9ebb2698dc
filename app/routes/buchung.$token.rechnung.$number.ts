import type { LoaderFunctionArgs } from "@remix-run/node";
import { familyInvoiceDocument } from "~/server/accounting/invoices.server";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { documentWords } from "~/server/accounting/document-words.server";
import { langOr } from "~/i18n/locales";

/** The booking's invoice with its QR-bill as PDF, through the manage link (issue #31 §2). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const answer = await familyInvoiceDocument(db, r.id, params.number ?? "");
  // The PDF is worded as it was issued; a refusal in the booking's language (the link has no language segment).
  const say = documentWords(langOr(r.lang)).say;
  return pdfResponse(answer.kind === "file" ? answer : answer.kind === "limited" ? answer : null, MANAGE_HEADERS, say("missing"), say("tooMany"));
}
