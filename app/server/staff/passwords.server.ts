import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Staff passwords, hashed with scrypt from node:crypto (no native add-on). The stored value names
 * its own parameters, `scrypt$N$r$p$saltB64$hashB64`, so they can be raised later without breaking
 * existing accounts.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

// The rules for a new password are pure and shared with the accounts page's form.
export { MIN_PASSWORD_LENGTH, passwordProblem } from "~/domain/staff-accounts";

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The same characters typed on different keyboards can arrive composed or decomposed.
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Memory scrypt needs (128·N·r bytes), with headroom; Node's default limit is 32 MiB. */
function maxmem(n: number, r: number, p: number) {
  return 128 * n * r + 128 * r * p + 16 * 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R, P) });
  return ["scrypt", N, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Parses a stored hash; parameters outside sane bounds count as malformed (no 1 GiB scrypt from a bad row). */
function parse(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [n, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v!) ? Number(v) : NaN)) as [number, number, number];
  const [saltB64, hashB64] = [parts[4]!, parts[5]!];
  if (!(n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0)) return null;
  if (!(r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  if (!BASE64.test(saltB64) || !BASE64.test(hashB64)) return null;
  const salt = Buffer.from(saltB64, "base64");
  const hash = Buffer.from(hashB64, "base64");
  if (salt.length < 8 || hash.length < 16 || hash.length > 256) return null;
  return { n, r, p, salt, hash };
}

/** True when `password` matches the stored hash; false for a wrong password and for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { n, r, p, salt, hash } = parsed;
  try {
    const candidate = await derive(password, salt, hash.length, { N: n, r, p, maxmem: maxmem(n, r, p) });
    return timingSafeEqual(candidate, hash);
  } catch {
    return false;
  }
}
