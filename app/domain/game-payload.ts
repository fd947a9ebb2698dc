import { z } from "zod";
import { idField } from "./id-field";
import { contactPayloadShape, refineContact } from "./contact-payload";
import { isIsoDate, parseTime } from "./time";

/**
 * `POST /api/reservation/create`: a game booking as JSON. Prices a client sends are ignored; the
 * server prices the booking from the location's own rates.
 */
export const GameReservationSchema = z
  .object({
    reservationDate: z.string().refine(isIsoDate, "reservationDate must be YYYY-MM-DD"),
    locationId: idField("locationId"),
    gameType: z.union([z.literal(1), z.literal(2)], { errorMap: () => ({ message: "gameType must be 1 or 2" }) }),
    startTime: z.string().refine((v) => parseTime(v) !== null, "startTime must be HH:MM"),
    /** Total rounds (type 2: 3 to 6). */
    rounds: z.number().int(),
    players: z.number().int(),
    couponCode: z.string().optional().nullable(),
    ...contactPayloadShape,
  })
  .passthrough()
  .superRefine(refineContact);
