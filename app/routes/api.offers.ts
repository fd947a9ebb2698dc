import { toChf } from "~/domain/money";
import { getDb } from "~/server/platform/db.server";
import { listOffers } from "~/server/booking/venue.server";

export async function loader() {
  const offers = await listOffers(await getDb());
  return Response.json(
    offers.map((o) => ({ offerId: o.id, name: o.name, basePrice: toChf(o.basePriceRappen), items: o.items })),
  );
}
