import { z } from "zod";
import { COUNTER_MAX } from "./booking-query";
import { isIsoDate } from "./time";

/*
 * Schemas of the JSON API's query strings. Kept apart from the page helpers in booking-query.ts so
 * that zod stays out of the booking steps' browser bundles.
 */

/** A number from a query string: missing or empty says "is required", anything else not numeric "must be a number". */
function queryNumber(name: string, refine: (n: z.ZodNumber) => z.ZodNumber) {
  return z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Number(v)),
    refine(z.number({ required_error: `${name} is required`, invalid_type_error: `${name} must be a number` })),
  );
}

/** `GET /api/tables/available?date&count&offerId` — strict: the API answers bad input with 400. */
export const AvailabilityQuerySchema = z.object({
  date: z.string({ required_error: "date is required" }).refine(isIsoDate, "date must be a valid date (YYYY-MM-DD)"),
  count: queryNumber("count", (n) =>
    n.int("count must be a whole number").min(1, "count must be at least 1").max(COUNTER_MAX * 3, `count must be at most ${COUNTER_MAX * 3}`),
  ),
  offerId: queryNumber("offerId", (n) => n.int("offerId must be a whole number").positive("offerId must be positive")),
});
