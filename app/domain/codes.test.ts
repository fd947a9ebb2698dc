import { describe, expect, it } from "vitest";
import { randomInt } from "node:crypto";
import { CODE_ALPHABET, newBookingCode, newVoucherCode, normalizeCode, type RandomInt } from "./codes";

/** A deterministic source cycling through the given indexes. */
function sequence(...indexes: number[]): RandomInt {
  let i = 0;
  return (max) => {
    const n = indexes[i++ % indexes.length]!;
    if (n < 0 || n >= max) throw new Error(`index ${n} out of range ${max}`);
    return n;
  };
}

describe("CODE_ALPHABET", () => {
  it("has no characters that are easily confused (0/O, 1/I/L)", () => {
    for (const c of ["0", "O", "1", "I", "L"]) expect(CODE_ALPHABET).not.toContain(c);
  });

  it("is the digits 2-9 and the other 23 upper-case letters, each once", () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    expect(CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
    expect([..."23456789ABCDEFGHJKMNPQRSTUVWXYZ"].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
  });
});

describe("newBookingCode", () => {
  it("is FW- followed by six alphabet characters drawn from the random source", () => {
    expect(newBookingCode(sequence(0, 1, 2, 3, 4, 5))).toBe("FW-234567");
    expect(newBookingCode(sequence(30))).toBe("FW-ZZZZZZ");
    expect(newBookingCode(sequence(8))).toBe("FW-AAAAAA");
  });

  it("asks the source for indexes below the alphabet size", () => {
    const seen: number[] = [];
    newBookingCode((max) => {
      seen.push(max);
      return 0;
    });
    expect(seen).toEqual(Array(6).fill(31));
  });

  it("has the format FW-XXXXXX with the real random source", () => {
    for (let i = 0; i < 200; i++) expect(newBookingCode(randomInt)).toMatch(/^FW-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
  });
});

describe("newVoucherCode", () => {
  it("is 12 alphabet characters", () => {
    expect(newVoucherCode(sequence(0))).toBe("222222222222");
    expect(newVoucherCode(sequence(0, 30))).toBe("2Z2Z2Z2Z2Z2Z");
    for (let i = 0; i < 200; i++) expect(newVoucherCode(randomInt)).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
  });
});

describe("normalizeCode", () => {
  it("trims and upper-cases what was typed", () => {
    expect(normalizeCode("  fw-7k3m9q \n")).toBe("FW-7K3M9Q");
    expect(normalizeCode("abcdefghjkmn")).toBe("ABCDEFGHJKMN");
    expect(normalizeCode("FW-7K3M9Q")).toBe("FW-7K3M9Q");
  });

  it("gives an empty string for anything that is not a string", () => {
    expect(normalizeCode(undefined)).toBe("");
    expect(normalizeCode(null)).toBe("");
    expect(normalizeCode(123456)).toBe("");
    expect(normalizeCode("   ")).toBe("");
  });

  it("is idempotent", () => {
    const once = normalizeCode(" fw-abc ");
    expect(normalizeCode(once)).toBe(once);
  });
});
