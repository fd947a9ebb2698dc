import { z } from "zod";
import { firstContactError } from "./contact";

/** The contact fields of the JSON booking payloads (spec §3), checked by the form's own rules. */
export const contactPayloadShape = {
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  street: z.string().optional(),
  zip: z.string().optional(),
  city: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  emailRepeat: z.string().optional(),
  message: z.string().optional().nullable(),
};

/**
 * The API takes no terms box and may omit the repeated e-mail: the caller vouches for both. The
 * message lands under the path `contact`, which the routes answer as the German alert text.
 */
export function refineContact(v: { email?: string; emailRepeat?: string }, ctx: z.RefinementCtx) {
  const error = firstContactError({ ...v, emailRepeat: v.emailRepeat ?? v.email, terms: "on" });
  if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error, path: ["contact"] });
}
