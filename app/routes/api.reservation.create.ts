import type { ActionFunctionArgs } from "@remix-run/node";
import { normalizeCode } from "~/domain/codes";
import { toContact } from "~/domain/contact";
import { GameReservationSchema } from "~/domain/game-payload";
import { MSG } from "~/domain/messages";
import { parseTime } from "~/domain/time";
import { getDb, isConnectionLoss } from "~/server/platform/db.server";
import { holdMinutes } from "~/server/booking/venue.server";
import { clientKey } from "~/server/platform/client.server";
import { holdOwner, reserveFailureStatus } from "~/server/payments/reservation-owner.server";
import { reserveGame } from "~/server/booking/games.server";

/**
 * `POST /api/reservation/create` (a game booking) → `{message, code, reservationToken}`. The booking is held for
 * payment (`/api/payments/initiate`) or confirmed at once when a voucher covers it; 400 for bad
 * input, 409 when the rounds are taken.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const parsed = GameReservationSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    const contact = parsed.error.issues.find((i) => i.path[0] === "contact");
    return Response.json({ error: contact?.message ?? parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, { status: 400 });
  }
  const p = parsed.data;
  try {
    const db = await getDb();
    const result = await reserveGame(
      db,
      {
        locationId: p.locationId,
        gameType: p.gameType,
        date: p.reservationDate,
        startMin: parseTime(p.startTime)!,
        rounds: p.rounds,
        players: p.players,
        contact: toContact(p),
        couponCode: p.couponCode ? normalizeCode(p.couponCode) : null,
      },
      { holdMinutes: await holdMinutes(db), owner: holdOwner(clientKey(request, context)) },
    );
    if (!result.ok) return Response.json({ error: result.message }, { status: reserveFailureStatus(result.reason) });
    const message = result.requiresPayment
      ? `Reservierung erstellt. Bitte bezahlen Sie innerhalb von ${await holdMinutes(db)} Minuten.`
      : MSG.bookingConfirmed;
    return Response.json({ message, code: result.reservation.code, reservationToken: result.reservationToken });
  } catch (error) {
    // A lost database connection is the edge's maintenance 503 (platform/http.server.ts), not a failed booking.
    if (isConnectionLoss(error)) throw error;
    console.error(`Failed to create reservation: ${(error as Error).message}`);
    return Response.json({ error: MSG.bookingFailed }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
