import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { EXPORT_MAX_DAYS, parseRange } from "~/domain/export";
import { requireManager } from "~/server/staff/auth.server";
import { bookingsCsv } from "~/server/staff/export.server";
import { getDb } from "~/server/platform/db.server";

/** CSV download of the bookings of a date range; a bad range goes back to the form with its message. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Every booking's contact data in one file: a manager's tool (issue #13, roles).
  const staff = await requireManager(request);
  const url = new URL(request.url);
  const range = parseRange(url.searchParams, EXPORT_MAX_DAYS);
  if (!range.ok) {
    const back = new URLSearchParams({ from: range.form.from, to: range.form.to, format: "csv" });
    throw redirect(`/admin/export?${back.toString()}`);
  }
  const { csv } = await bookingsCsv(await getDb(), range, staff);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="buchungen-${range.from}-bis-${range.to}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
