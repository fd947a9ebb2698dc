import { describe, expect, it } from "vitest";
import { REACT_VIEW_SIZE, withoutUnfilledTails } from "./react-chunks.server";

const enc = new TextEncoder();
function view(text: string, tailZeros: number): Uint8Array {
  const bytes = new Uint8Array(REACT_VIEW_SIZE);
  const body = enc.encode(text.padEnd(REACT_VIEW_SIZE - tailZeros, "a"));
  bytes.set(body.subarray(0, REACT_VIEW_SIZE - tailZeros));
  return bytes;
}

describe("withoutUnfilledTails", () => {
  it("drops the 1–3 zero bytes React left before a character that did not fit", () => {
    for (const [zeros, next] of [[1, "é"], [1, "·"], [2, "€"], [1, "€"], [3, "🎉"], [2, "🎉"]] as const) {
      const out = withoutUnfilledTails([view("x", zeros), enc.encode(`${next} rest`)]);
      expect(Buffer.concat(out).includes(0)).toBe(false);
      expect(out[0]!.byteLength).toBe(REACT_VIEW_SIZE - zeros);
    }
  });

  it("keeps everything else as it is", () => {
    const full = view("x", 0);
    const ascii = [view("x", 1), enc.encode("b")];
    // Two zero bytes cannot be the tail before a two-byte character (it would have fitted).
    const tooMany = [view("x", 2), enc.encode("é")];
    const short = [enc.encode("ab\0"), enc.encode("é")];
    for (const chunks of [[full, enc.encode("é")], ascii, tooMany, short]) expect(withoutUnfilledTails(chunks)).toEqual(chunks);
  });
});
