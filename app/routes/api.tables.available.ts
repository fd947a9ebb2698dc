import type { LoaderFunctionArgs } from "@remix-run/node";
import { AvailabilityQuerySchema } from "~/domain/api-schemas";
import { availableBirthdaySlots, UnknownOfferError } from "~/server/booking/availability.server";
import { getDb } from "~/server/platform/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = AvailabilityQuerySchema.safeParse(params);
  if (!query.success) {
    return Response.json({ error: query.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  }
  try {
    const slots = await availableBirthdaySlots(await getDb(), { date: query.data.date, persons: query.data.count, offerId: query.data.offerId });
    return Response.json(slots, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UnknownOfferError) return Response.json({ error: "offer not found" }, { status: 404 });
    throw error;
  }
}
