import { describe, expect, it } from "vitest";
import { isLang, langOfParams, langOr, localePath, splitLangPath, UNPREFIXED_PATHS } from "./locales";

describe("languages in URLs (issue #33)", () => {
  it("keeps German at the spec's URLs and puts the others in front", () => {
    expect(localePath("de", "/offers")).toBe("/offers");
    expect(localePath("fr", "/offers")).toBe("/fr/offers");
    expect(localePath("it", "/")).toBe("/it");
    expect(localePath("en", "/?x=1")).toBe("/en?x=1");
    expect(localePath("en", "/find-slot?offerId=1")).toBe("/en/find-slot?offerId=1");
  });

  it("reads a path's language and the path without it", () => {
    expect(splitLangPath("/fr/offers")).toEqual({ lang: "fr", path: "/offers" });
    expect(splitLangPath("/it")).toEqual({ lang: "it", path: "/" });
    expect(splitLangPath("/en?x=1")).toEqual({ lang: "en", path: "/?x=1" });
    expect(splitLangPath("/offers")).toEqual({ lang: "de", path: "/offers" });
    // A page whose name starts like a language is no prefix.
    expect(splitLangPath("/french-fries")).toEqual({ lang: "de", path: "/french-fries" });
    expect(splitLangPath("/de/offers")).toEqual({ lang: "de", path: "/de/offers" });
  });

  it("takes a route's segment: none is German, ours is the language, anything else (and /de) no page", () => {
    expect(langOfParams({})).toBe("de");
    expect(langOfParams({ lang: "fr" })).toBe("fr");
    expect(langOfParams({ lang: "de" })).toBeNull();
    expect(langOfParams({ lang: "xx" })).toBeNull();
    expect(langOfParams({ lang: "FR" })).toBeNull();
  });

  it("stores only known languages", () => {
    expect(isLang("it")).toBe(true);
    expect(isLang("es")).toBe(false);
    expect(langOr("en")).toBe("en");
    expect(langOr("<script>")).toBe("de");
    expect(langOr(undefined)).toBe("de");
  });

  it("leaves staff pages, the API and assets without a language", () => {
    for (const path of ["admin", "admin/buchungen", "api/offers", "logo/x.png", "simulated-pay/1", "bench/ssr"]) expect(UNPREFIXED_PATHS.test(path), path).toBe(true);
    for (const path of ["offers", "buchung/abc", "administrator", "gutschein"]) expect(UNPREFIXED_PATHS.test(path), path).toBe(false);
  });
});
