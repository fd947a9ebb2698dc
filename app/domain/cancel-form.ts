import { z } from "zod";
import { cancellationSplit, REFUND_CHOICES, type CancellationSplit, type RefundChoice } from "./cancellation-terms";
import { tooLongMessage } from "./contact";

/** Spec §5, cancel form: the messages are the spec's own (English) texts. */
export const CANCEL_MESSAGES = {
  codeRequired: "Booking code is required",
  codeTooShort: "Booking code must be at least 3 characters",
  reasonTooShort: "Reason must be at least 5 characters if provided",
} as const;

/** Longer input is refused on the server (German message naming the field) and cut by `maxLength`. */
export const CANCEL_MAX_LENGTH = { bookingCode: 40, reason: 1000, note: 1000 } as const;

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

const rappen = z.union([z.number(), z.string().regex(/^\d{1,9}$/)]).transform(Number).pipe(z.number().int().min(0).max(100_000_000));

/**
 * The storno page's second step (issue #29 §1), as a form post or as JSON to the cancel API: the
 * spec's two fields, the refund choice, an internal note, and the amounts the preview showed (the
 * server refuses to cancel when they no longer hold). `preview: true` (JSON) only asks for the first step.
 */
export const CancelConfirmSchema = CancelFormSchema.extend({
  preview: z.boolean().optional(),
  refund: z.enum(REFUND_CHOICES as [RefundChoice, ...RefundChoice[]], { errorMap: () => ({ message: "Bitte wählen Sie, was zurückerstattet wird." }) }).optional(),
  note: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(CANCEL_MAX_LENGTH.note, tooLongMessage("Interne Notiz", CANCEL_MAX_LENGTH.note))),
  expectOnlineRappen: rappen.optional(),
  expectVoucherRappen: rappen.optional(),
  expectFeePercent: rappen.pipe(z.number().max(100)).optional(),
});

export type CancelConfirm = z.infer<typeof CancelConfirmSchema>;

/**
 * What the chosen option moves by the preview's figures (what was paid, the voucher part, the fee
 * percent), when all three were sent: the server cancels only if its own figures give the same.
 */
export function expectedSplit(c: CancelConfirm): CancellationSplit | undefined {
  if (c.expectOnlineRappen === undefined || c.expectVoucherRappen === undefined || c.expectFeePercent === undefined) return undefined;
  return cancellationSplit({ onlineRappen: c.expectOnlineRappen, voucherRappen: c.expectVoucherRappen }, c.refund ?? "full", c.expectFeePercent);
}
