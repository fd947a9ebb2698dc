import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { orderPdf } from "~/server/checkout/voucher-sale.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";

/**
 * The paid gift voucher as a printable PDF, through the order's link (issue #31 §3). The voucher
 * speaks the order's language (the e-mail's attachment is the same file); the refusals the URL's.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const answer = await orderPdf(await getDb(), params.token ?? "");
  // The downloads' limit in the page's language (pdfResponse words it in German, as before).
  if (lang !== "de" && answer?.kind === "limited") {
    return new Response(t(lang, "documents", "tooMany"), {
      status: 429,
      headers: { ...MANAGE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(answer.retryAfterSeconds) },
    });
  }
  return pdfResponse(answer, MANAGE_HEADERS, t(lang, "voucherShop", "notFound"));
}
