import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/accounting/receipt-pdf.server";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { orderPdf } from "~/server/checkout/voucher-sale.server";
import { getDb } from "~/server/platform/db.server";
import { VOUCHER_SALE_TEXT } from "~/domain/voucher-sale";

/** The paid gift voucher as a printable PDF, through the order's link (issue #31 §3). */
export async function loader({ params }: LoaderFunctionArgs) {
  const answer = await orderPdf(await getDb(), params.token ?? "");
  return pdfResponse(answer, MANAGE_HEADERS, VOUCHER_SALE_TEXT.notFound);
}
