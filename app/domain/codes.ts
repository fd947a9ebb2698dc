/** Random source: `crypto.randomInt` on the server; injectable so tests are deterministic. */
export type RandomInt = (max: number) => number;

/** No 0/O, 1/I/L: codes are read aloud on the phone and typed from printed vouchers. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function randomChars(length: number, random: RandomInt): string {
  let out = "";
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return out;
}

/** `FW-7K3M9Q`: short enough to read out, 31^6 ≈ 887 million values. */
export function newBookingCode(random: RandomInt): string {
  return `FW-${randomChars(6, random)}`;
}

/** 12 characters (31^12 ≈ 7.9e17): not guessable within any rate limit. */
export function newVoucherCode(random: RandomInt): string {
  return randomChars(12, random);
}

/** What the family typed → the stored form (spec: trimmed and upper-cased). */
export function normalizeCode(input: unknown): string {
  return typeof input === "string" ? input.trim().toUpperCase() : "";
}
