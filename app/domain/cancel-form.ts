import { z } from "zod";
import { tooLongMessage } from "./contact";

/** Spec §5, cancel form: the messages are the spec's own (English) texts. */
export const CANCEL_MESSAGES = {
  codeRequired: "Booking code is required",
  codeTooShort: "Booking code must be at least 3 characters",
  reasonTooShort: "Reason must be at least 5 characters if provided",
} as const;

/** Longer input is refused on the server (German message naming the field) and cut by `maxLength`. */
export const CANCEL_MAX_LENGTH = { bookingCode: 40, reason: 1000 } as const;

export const CancelFormSchema = z.object({
  bookingCode: z
    .string({ required_error: CANCEL_MESSAGES.codeRequired })
    .transform((v) => v.trim().toUpperCase())
    .superRefine((v, ctx) => {
      // One message per field: an empty code is "required", not also "too short".
      if (v === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: CANCEL_MESSAGES.codeRequired });
      else if (v.length < 3) ctx.addIssue({ code: z.ZodIssueCode.custom, message: CANCEL_MESSAGES.codeTooShort });
      else if (v.length > CANCEL_MAX_LENGTH.bookingCode) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: tooLongMessage("Buchungscode", CANCEL_MAX_LENGTH.bookingCode) });
      }
    }),
  reason: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(
      z
        .string()
        .refine((v) => v === "" || v.length >= 5, CANCEL_MESSAGES.reasonTooShort)
        .refine((v) => v.length <= CANCEL_MAX_LENGTH.reason, tooLongMessage("Stornierungsgrund", CANCEL_MAX_LENGTH.reason)),
    ),
});

export type CancelForm = z.infer<typeof CancelFormSchema>;
