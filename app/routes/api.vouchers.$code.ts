import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminToken } from "~/server/staff/api-auth.server";
import { getDb } from "~/server/platform/db.server";
import { voucherReport } from "~/server/vouchers/voucher-report.server";

/** `GET /api/vouchers/{code}` — balance and ledger (staff tools; bearer token). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireAdminToken(request);
  const report = await voucherReport(await getDb(), params.code ?? "");
  if (!report) return Response.json({ error: "voucher not found" }, { status: 404 });
  return Response.json(report);
}
