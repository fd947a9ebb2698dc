import { z } from "zod";
import { idField } from "./id-field";
import { contactPayloadShape, refineContact } from "./contact-payload";
import { COUNTER_CAP } from "./party-rules";
import { isIsoDate, parseTime } from "./time";

const count = z.number({ invalid_type_error: "must be a number" }).int().min(0).max(COUNTER_CAP);
const slot = z.object({ startTime: z.string().refine((v) => parseTime(v) !== null, "startTime must be HH:MM"), endTime: z.string() });

/**
 * The spec's birthday reservation payload (`POST /api/birthday/reserve`). Prices, discounts and
 * amounts a client sends are accepted in the shape but ignored: the server prices the booking.
 */
export const BirthdayReservationSchema = z
  .object({
    reservationDate: z.string().refine(isIsoDate, "reservationDate must be YYYY-MM-DD"),
    selectedSlots: z.array(slot).min(1, "selectedSlots must not be empty"),
    numChildren: count,
    numAccompanyingAdults: count,
    numActiveAdults: count,
    selectedOffer: z.object({ offerId: idField("selectedOffer.offerId") }, { invalid_type_error: "selectedOffer must be an object", required_error: "selectedOffer is required" }).passthrough(),
    couponCode: z.string().optional().nullable(),
    couponDiscount: z.unknown().optional(),
    basePrice: z.unknown().optional(),
    ...contactPayloadShape,
    paymentMethod: z.literal("online").optional(),
  })
  .superRefine(refineContact);

export type BirthdayReservationPayload = z.infer<typeof BirthdayReservationSchema>;
