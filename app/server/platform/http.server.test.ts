import { describe, expect, it } from "vitest";
import { knownPathsOnly, redactPath } from "./http.server";
import { routePatternRegex } from "./metrics.server";

describe("secret links never reach the log, in any language (issue #33)", () => {
  it("redacts manage, payment and invitation tokens with and without a language prefix", () => {
    expect(redactPath("/buchung/abc123/personen")).toBe("/buchung/:token/personen");
    expect(redactPath("/fr/buchung/abc123")).toBe("/fr/buchung/:token");
    expect(redactPath("/it/zahlung/xyz")).toBe("/it/zahlung/:token");
    expect(redactPath("/einladung/antwort/tok")).toBe("/einladung/antwort/:token");
    expect(redactPath("/en/einladung/tok/drucken")).toBe("/en/einladung/:token/drucken");
    expect(redactPath("/fr/offers")).toBe("/fr/offers");
    expect(redactPath("/buchung")).toBe("/buchung");
    expect(redactPath("/xx/Buchung/abc123")).toBe("/xx/Buchung/:token");
    expect(redactPath("/admin/buchungen/CODE")).toBe("/admin/buchungen/CODE");
  });
});

describe("only the app's own paths reach Remix (issue #33)", () => {
  const gate = knownPathsOnly([":lang?", ":lang?/offers", ":lang?/buchung/:token", ":lang?/einladung/:token/drucken", "admin", "api/vouchers/:code"], routePatternRegex);
  const through = (path: string) => {
    const req = { path, url: path } as unknown as Parameters<typeof gate>[0];
    gate(req, {} as Parameters<typeof gate>[1], () => undefined);
    return req.url;
  };

  it("lets the pages through, in German and under fr, it, en", () => {
    for (const path of ["/", "/fr", "/offers", "/it/offers", "/en/buchung/abc", "/buchung/abc", "/einladung/x/drucken", "/admin", "/api/vouchers/X1", "/offers.data", "/_root.data", "/fr/offers.data"]) {
      expect(through(path), path).toBe(path);
    }
  });

  it("sends any other first segment, a German prefix or another case to the 404", () => {
    for (const path of ["/xx/offers", "/de/offers", "/offers/buchung/abc", "/FR/offers", "/fr/admin", "/xx/buchung/abc", "/fr/fr/offers", "/Buchung/abc", "/xx"]) {
      expect(through(path), path).toBe("/_not-found");
    }
    expect(through("/xx/buchung/abc.data")).toBe("/_not-found.data");
  });
});
