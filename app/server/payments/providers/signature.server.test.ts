import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./signature.server";

// Known vector, computed outside this code (node crypto and `openssl dgst -sha256 -mac HMAC`).
const KEY = "6d7934686d61634b6579466f7254657374696e674f6e6c79";
const T = 1_700_000_000_000;
const BODY = '{"transactionId":"250101120000000001","status":"settled"}';
const S0 = "c83dd55bfeb759cbe08d32b01cb56b5a96a04250a279949b02d0d17919a7d75b";
const HEADER = `t=${T},s0=${S0}`;

describe("signWebhook", () => {
  it("produces the known test vector", () => {
    expect(signWebhook(KEY, BODY, T)).toBe(HEADER);
  });

  it("accepts an upper-case hex key", () => {
    expect(signWebhook(KEY.toUpperCase(), BODY, T)).toBe(HEADER);
  });

  it("refuses a key that is not hex instead of signing with an empty key", () => {
    expect(() => signWebhook("", BODY, T)).toThrow();
    expect(() => signWebhook("not-hex", BODY, T)).toThrow();
    expect(() => signWebhook("abc", BODY, T)).toThrow();
  });

  it("refuses a timestamp that is not a non-negative integer", () => {
    expect(() => signWebhook(KEY, BODY, 1.5)).toThrow();
    expect(() => signWebhook(KEY, BODY, -1)).toThrow();
  });
});

describe("verifyWebhookSignature", () => {
  it("accepts the known test vector", () => {
    expect(verifyWebhookSignature(HEADER, BODY, KEY)).toBe(true);
  });

  it("accepts what signWebhook produces for a body with non-ASCII text", () => {
    const body = '{"refno":"FW-ÄÖÜ","message":"Grüezi"}';
    expect(verifyWebhookSignature(signWebhook(KEY, body, T), body, KEY)).toBe(true);
  });

  it("tolerates spaces, upper-case hex, field order and unknown extra fields", () => {
    expect(verifyWebhookSignature(` s0=${S0.toUpperCase()} , t=${T} `, BODY, KEY)).toBe(true);
    expect(verifyWebhookSignature(`t=${T},s0=${S0},s1=abcd`, BODY, KEY)).toBe(true);
  });

  it("rejects a tampered body", () => {
    expect(verifyWebhookSignature(HEADER, BODY.replace("settled", "failed"), KEY)).toBe(false);
    expect(verifyWebhookSignature(HEADER, `${BODY} `, KEY)).toBe(false);
  });

  it("rejects a signature made with another key", () => {
    expect(verifyWebhookSignature(HEADER, BODY, "00".repeat(24))).toBe(false);
  });

  it("rejects a changed timestamp, since the timestamp is signed too", () => {
    expect(verifyWebhookSignature(`t=${T + 1},s0=${S0}`, BODY, KEY)).toBe(false);
  });

  it("rejects a flipped signature digit", () => {
    const flipped = (S0[0] === "0" ? "1" : "0") + S0.slice(1);
    expect(verifyWebhookSignature(`t=${T},s0=${flipped}`, BODY, KEY)).toBe(false);
  });

  it.each([
    ["null", null],
    ["empty", ""],
    ["no fields", "garbage"],
    ["only t", `t=${T}`],
    ["only s0", `s0=${S0}`],
    ["non-numeric t", `t=abc,s0=${S0}`],
    ["negative t", `t=-${T},s0=${S0}`],
    ["short s0", `t=${T},s0=${S0.slice(0, 62)}`],
    ["long s0", `t=${T},s0=${S0}00`],
    ["non-hex s0", `t=${T},s0=${"z".repeat(64)}`],
    ["duplicate s0", `t=${T},s0=${"0".repeat(64)},s0=${S0}`],
    ["duplicate t", `t=1,t=${T},s0=${S0}`],
    ["part without =", `t=${T},s0=${S0},junk`],
  ])("rejects a %s header without throwing", (_name, header) => {
    expect(verifyWebhookSignature(header, BODY, KEY)).toBe(false);
  });

  it("throws for a key that is not hex: a configuration error should not look like bad requests", () => {
    expect(() => verifyWebhookSignature(HEADER, BODY, "")).toThrow();
  });

  describe("with maxAgeMs", () => {
    const maxAgeMs = 5 * 60_000;
    it("accepts a recent timestamp", () => {
      expect(verifyWebhookSignature(HEADER, BODY, KEY, { nowMs: T + maxAgeMs, maxAgeMs })).toBe(true);
    });
    it("rejects an older timestamp", () => {
      expect(verifyWebhookSignature(HEADER, BODY, KEY, { nowMs: T + maxAgeMs + 1, maxAgeMs })).toBe(false);
    });
    it("rejects a timestamp too far in the future", () => {
      expect(verifyWebhookSignature(HEADER, BODY, KEY, { nowMs: T - maxAgeMs - 1, maxAgeMs })).toBe(false);
    });
    it("uses the clock when nowMs is not given", () => {
      const fresh = signWebhook(KEY, BODY, Date.now());
      expect(verifyWebhookSignature(fresh, BODY, KEY, { maxAgeMs })).toBe(true);
      expect(verifyWebhookSignature(HEADER, BODY, KEY, { maxAgeMs })).toBe(false);
    });
    it("ignores age without maxAgeMs", () => {
      expect(verifyWebhookSignature(HEADER, BODY, KEY, { nowMs: T + 10 * 365 * 86_400_000 })).toBe(true);
    });
  });
});
