import { z } from "zod";
import { firstContactError } from "./contact";
import { isDiallablePhone } from "./phone";

/** The contact fields of the JSON booking payloads (spec §3), checked by the form's own rules. */
export const contactPayloadShape = {
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  street: z.string().optional(),
  zip: z.string().optional(),
  city: z.string().optional(),
  /** ISO 3166 code of the address; Switzerland when left out (issue #28 §6). */
  country: z.string().optional(),
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
  // The server's phone rule (a number in its country's plan), as on every other way in.
  const error = firstContactError({ ...v, emailRepeat: v.emailRepeat ?? v.email, terms: "on" }, isDiallablePhone);
  if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error, path: ["contact"] });
}
