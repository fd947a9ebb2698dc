import { describe, expect, it } from "vitest";
import { redactPath } from "./http.server";

describe("secret links never reach the log, in any language (issue #33)", () => {
  it("redacts manage, payment and invitation tokens with and without a language prefix", () => {
    expect(redactPath("/buchung/abc123/personen")).toBe("/buchung/:token/personen");
    expect(redactPath("/fr/buchung/abc123")).toBe("/fr/buchung/:token");
    expect(redactPath("/it/zahlung/xyz")).toBe("/it/zahlung/:token");
    expect(redactPath("/einladung/antwort/tok")).toBe("/einladung/antwort/:token");
    expect(redactPath("/en/einladung/tok/drucken")).toBe("/en/einladung/:token/drucken");
    expect(redactPath("/fr/offers")).toBe("/fr/offers");
    expect(redactPath("/buchung")).toBe("/buchung");
  });
});
