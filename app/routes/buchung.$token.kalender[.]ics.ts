import type { LoaderFunctionArgs } from "@remix-run/node";
import { MANAGE_HEADERS, manageIcs, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";

/** The booking as an `.ics` file (current revision, or its cancellation). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  return new Response(await manageIcs(db, r), {
    headers: {
      ...MANAGE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="buchung-${r.code}.ics"`,
    },
  });
}
