import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { phoneOptions, phonePrice, phoneQuery } from "~/server/staff/phone-booking.server";
import { getDb } from "~/server/platform/db.server";

/**
 * The phone booking's live price (issue #29 §4, with JavaScript): the same pricing as its
 * «Preis berechnen» button, as JSON. A plain `fetch` target rather than a fetcher of the page:
 * `useFetcher` would put its code into the framework chunk every family page loads (budget,
 * docs/performance.md). Staff only; a voucher is priced, never redeemed.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  requireSameOrigin(request);
  const db = await getDb();
  const options = await phoneOptions(db, phoneQuery(new URL(request.url).searchParams));
  if (!options.ok) return Response.json({ error: options.message }, { status: 400 });
  const code = String((await request.formData()).get("couponCode") ?? "").slice(0, 100);
  return Response.json({ price: await phonePrice(db, options.slot, code || null) });
}
