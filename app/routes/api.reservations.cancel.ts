import type { ActionFunctionArgs } from "@remix-run/node";
import { CancelConfirmSchema, expectedSplit } from "~/domain/cancel-form";
import { hasAdminToken } from "~/server/staff/api-auth.server";
import { getStaff, requireSameOrigin } from "~/server/staff/auth.server";
import { cancelReservation, previewCancellation, type Actor } from "~/server/staff/cancellation.server";
import { getDb } from "~/server/platform/db.server";

/**
 * `POST /api/reservations/cancel` `{bookingCode, reason}` → the spec's cancel response. Opens only
 * for machine clients with `Authorization: Bearer <ADMIN_API_TOKEN>` and for signed-in staff (the
 * storno page calls it with JavaScript; same-origin only). Beyond the spec (issue #29 §1):
 * `preview: true` changes nothing and answers with the booking and its refund choices; `refund`
 * ("full" | "fee" | "none"), `note` (internal) and the preview's `expect…Rappen` amounts confirm
 * the choice. Without `refund` everything goes back, as before.
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
  const parsed = CancelConfirmSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return Response.json({ success: false, message: parsed.error.issues[0]?.message ?? "invalid request" }, { status: 400 });
  }
  const input = parsed.data;
  const db = await getDb();
  const result = input.preview
    ? await previewCancellation(db, input.bookingCode)
    : await cancelReservation(db, {
        code: input.bookingCode,
        reason: input.reason || null,
        actor,
        refund: input.refund ? { choice: input.refund, expect: expectedSplit(input) } : undefined,
        note: input.note || null,
      });
  return Response.json(result.body, { status: result.status });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
