import { z } from "zod";

/**
 * A record id in a JSON payload: a positive whole number, or its digits as a string (the spec's
 * clients send both). `z.coerce` took `true` as 1 and `[]` as 0; anything else now gets a 400 naming the field.
 */
export function idField(name: string) {
  const message = `${name} must be a positive whole number`;
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ required_error: `${name} is required`, invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message),
  );
}
