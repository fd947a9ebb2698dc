import type { LoaderFunctionArgs } from "@remix-run/node";
import { familyReceiptDocument } from "~/server/accounting/receipts.server";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { documentWords } from "~/server/accounting/document-words.server";
import { langOr } from "~/i18n/locales";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";

/** A receipt or credit note of the booking the manage link names, as PDF (issue #31 §1). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const answer = await familyReceiptDocument(db, r.id, params.number ?? "");
  // The PDF is worded as it was issued; a refusal in the booking's language (the link has no language segment).
  const say = documentWords(langOr(r.lang)).say;
  return pdfResponse(answer.kind === "file" ? answer : answer.kind === "limited" ? answer : null, MANAGE_HEADERS, say("missing"), say("tooMany"));
}
