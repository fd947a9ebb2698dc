import { describe, expect, it } from "vitest";
import { containsPattern, FOLD_FROM, FOLD_TO, foldName, parseDateInput, parseSearch, SEARCH_MSG, searchQuery } from "./booking-search";

const parse = (q: Record<string, string>) => parseSearch(new URLSearchParams(q));

describe("staff bookings search input", () => {
  it("accepts an empty form and trims what is given", () => {
    expect(parse({})).toMatchObject({ ok: true, filters: { text: "", from: null, to: null, status: null, kind: null, payment: null, page: 1 } });
    expect(parse({ payment: "refund_pending" })).toMatchObject({ ok: true, filters: { payment: "refund_pending" } });
    expect(parse({ q: "  Anna ", status: "expired", kind: "game", page: "3" })).toMatchObject({ ok: true, filters: { text: "Anna", status: "expired", kind: "game", page: 3 } });
  });

  it("reads ISO and Swiss dates; refuses impossible ones and a reversed range with German messages", () => {
    expect(parseDateInput("2026-12-31")).toBe("2026-12-31");
    expect(parseDateInput("1.2.2027")).toBe("2027-02-01");
    expect(parseDateInput("30.02.2027")).toBeNull();
    expect(parse({ from: "2026-02-30" })).toMatchObject({ ok: false, errors: { from: SEARCH_MSG.badDate } });
    expect(parse({ to: "morgen" })).toMatchObject({ ok: false, errors: { to: SEARCH_MSG.badDate } });
    expect(parse({ from: "2026-05-02", to: "2026-05-01" })).toMatchObject({ ok: false, errors: { to: SEARCH_MSG.range } });
  });

  it("refuses unknown states, kinds, pages and overlong text", () => {
    expect(parse({ status: "paid" })).toMatchObject({ ok: false, errors: { status: SEARCH_MSG.status } });
    expect(parse({ kind: "party" })).toMatchObject({ ok: false, errors: { kind: SEARCH_MSG.kind } });
    expect(parse({ payment: "paid" })).toMatchObject({ ok: false, errors: { payment: SEARCH_MSG.payment } });
    for (const page of ["0", "-1", "1e3", "401", "abc", "99999999999"]) expect(parse({ page })).toMatchObject({ ok: false, errors: { page: SEARCH_MSG.page } });
    expect(parse({ q: "ä".repeat(100) }).ok).toBe(true);
    expect(parse({ q: "ä".repeat(101) })).toMatchObject({ ok: false, errors: { q: SEARCH_MSG.textTooLong } });
  });

  it("folds names for the search: umlauts, their spellings, accents and case are one (issue #29 §5)", () => {
    expect(FOLD_FROM.length).toBe(FOLD_TO.length);
    for (const name of ["Müller", "Mueller", "MÜLLER", "muller", "MUELLER"]) expect(foldName(name), name).toBe("muller");
    expect(foldName("René Français")).toBe("rene francais");
    expect(foldName("Strauß")).toBe("strauss");
    // `oe` is folded too, so «Zoë» and «Zoe» are both `zo`: the same on both sides, so still found.
    expect(foldName("Zoë Ålund-Ñúñez")).toBe("zo alund-nunez");
    expect(foldName("100%_Spass")).toBe("100%_spass");
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("Anna")).toBe("%Anna%");
  });

  it("builds the query string of a result page", () => {
    expect(searchQuery({ q: "a&b", from: "", to: "", status: "held", kind: "", payment: "" }, 2)).toBe("?q=a%26b&status=held&page=2");
    expect(searchQuery({ q: "", from: "", to: "", status: "", kind: "", payment: "refund_pending" })).toBe("?payment=refund_pending");
    expect(searchQuery({ q: "", from: "", to: "", status: "", kind: "", payment: "" })).toBe("");
  });
});
