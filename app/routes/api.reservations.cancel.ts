import type { ActionFunctionArgs } from "@remix-run/node";
import { CancelFormSchema } from "~/domain/cancel-form";
import { hasAdminToken } from "~/server/staff/api-auth.server";
import { getStaff, requireSameOrigin } from "~/server/staff/auth.server";
import { cancelReservation, type Actor } from "~/server/staff/cancellation.server";
import { getDb } from "~/server/platform/db.server";

/**
 * `POST /api/reservations/cancel` `{bookingCode, reason}` → the spec's cancel response. Opens only
 * for machine clients with `Authorization: Bearer <ADMIN_API_TOKEN>` and for signed-in staff (the
 * storno page calls it with JavaScript; same-origin only).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  let actor: Actor;
  if (hasAdminToken(request)) {
    actor = { staffId: null, name: "api-token" };
  } else {
    const staff = await getStaff(request);
    if (!staff) return Response.json({ success: false, message: "unauthorized" }, { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
    requireSameOrigin(request);
    actor = { staffId: staff.id, name: staff.email };
  }
  const parsed = CancelFormSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return Response.json({ success: false, message: parsed.error.issues[0]?.message ?? "invalid request" }, { status: 400 });
  }
  const result = await cancelReservation(await getDb(), { code: parsed.data.bookingCode, reason: parsed.data.reason || null, actor });
  return Response.json(result.body, { status: result.status });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
