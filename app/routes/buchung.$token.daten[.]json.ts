import type { LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { bookingDataExport, dataDownloads } from "~/server/privacy/privacy.server";

/** The family's booking data as a JSON file (issue #32 §4; nDSG right of access and portability). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const verdict = await dataDownloads.consume(db, String(r.id));
  if (!verdict.allowed) return new Response(MSG.tooManyRequests, { status: 429, headers: { ...MANAGE_HEADERS, "Retry-After": String(verdict.retryAfterSeconds), "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(JSON.stringify(await bookingDataExport(db, r), null, 2), {
    headers: {
      ...MANAGE_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="buchung-${r.code}-daten.json"`,
    },
  });
}
