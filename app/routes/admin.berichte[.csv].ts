import type { LoaderFunctionArgs } from "@remix-run/node";
import { isReportId, parseReportQuery } from "~/domain/reports";
import { getDb } from "~/server/platform/db.server";
import { requireManager } from "~/server/staff/auth.server";
import { reportCsv } from "~/server/staff/reports.server";

/** One report as CSV (`?bericht=umsatz&from&to&gruppe`); a bad query answers 400 in German. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireManager(request);
  const params = new URL(request.url).searchParams;
  const id = params.get("bericht");
  const parsed = parseReportQuery(params);
  if (!isReportId(id) || !parsed.ok) {
    return new Response("Bitte wählen Sie einen Bericht und einen gültigen Zeitraum (höchstens 366 Tage).", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const { query } = parsed;
  return new Response(await reportCsv(await getDb(), query, id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bericht-${id}-${query.from}-bis-${query.to}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
