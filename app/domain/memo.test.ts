import { describe, expect, it } from "vitest";
import { memoByKey } from "./memo";

describe("memoByKey", () => {
  it("computes each key once and keeps at most `max` results, dropping the oldest", () => {
    const calls: string[] = [];
    const upper = memoByKey(2, (key) => {
      calls.push(key);
      return key.toUpperCase();
    });
    expect([upper("a"), upper("a"), upper("b"), upper("a")]).toEqual(["A", "A", "B", "A"]);
    expect(calls).toEqual(["a", "b"]);
    upper("c"); // drops "a", the oldest entry
    upper("b");
    upper("a");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });
});
