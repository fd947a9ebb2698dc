import { describe, expect, it } from "vitest";
import {
  compactIban,
  DEFAULT_VENUE_PROFILE,
  detectImageType,
  formatIban,
  formatPhone,
  isValidIban,
  logoPath,
  normalizeUid,
  parseLogoFile,
  parseVenueProfile,
  phoneToE164,
  PROFILE_MSG,
  profileFormValues,
  venueContactOf,
  venueDomain,
} from "./venue-profile";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

const VALID = {
  name: "Spielhalle Sonnenberg",
  street: "Bahnhofstrasse 5",
  zip: "9490",
  city: "Vaduz",
  country: "LI",
  phone: "+423 234 56 78",
  email: "Hallo@Sonnenberg.li",
  website: "www.sonnenberg.li",
  uidNumber: "che123456789 mwst",
  iban: "li21 0881 0000 2324 013a a",
  arrivalNote: "Bitte 15 Minuten früher da sein.\r\nParkplätze hinter dem Haus.",
  about: "Seit 2010 in Vaduz.",
};

describe("IBAN", () => {
  it("accepts Swiss and Liechtenstein IBANs with a correct check sum, in any spacing and case", () => {
    expect(isValidIban("CH93 0076 2011 6238 5295 7")).toBe(true);
    expect(isValidIban("ch9300762011623852957")).toBe(true);
    expect(isValidIban("LI21 0881 0000 2324 013A A")).toBe(true);
  });

  it("refuses a wrong check sum, a wrong length and other countries", () => {
    expect(isValidIban("CH93 0076 2011 6238 5295 8")).toBe(false);
    expect(isValidIban("CH94 0076 2011 6238 5295 7")).toBe(false);
    expect(isValidIban("CH93 0076 2011 6238 5295")).toBe(false);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });

  it("is stored compact and shown in groups of four", () => {
    expect(compactIban("ch93 0076-2011 6238 5295 7")).toBe("CH9300762011623852957");
    expect(formatIban("CH9300762011623852957")).toBe("CH93 0076 2011 6238 5295 7");
  });
});

describe("UID", () => {
  it("normalises the ways people type it to CHE-123.456.789 MWST", () => {
    expect(normalizeUid("CHE-123.456.789 MWST")).toBe("CHE-123.456.789 MWST");
    expect(normalizeUid("che123456789")).toBe("CHE-123.456.789 MWST");
    expect(normalizeUid("CHE 123 456 789 TVA")).toBe("CHE-123.456.789 TVA");
  });

  it("refuses what is not a Swiss UID", () => {
    expect(normalizeUid("CHE-123.456.78 MWST")).toBeNull();
    expect(normalizeUid("DE123456789")).toBeNull();
    expect(normalizeUid("CHE-123.456.789 VAT")).toBeNull();
  });
});

describe("phone", () => {
  it("reads Swiss numbers without a country code and stores E.164", () => {
    expect(phoneToE164("044 555 12 34")).toBe("+41445551234");
    expect(phoneToE164("+41 (0)44 555 12 34")).toBe("+41445551234");
    expect(phoneToE164("0041 79 123 45 67")).toBe("+41791234567");
  });

  it("refuses what no one can call", () => {
    expect(phoneToE164("12")).toBeNull();
    expect(phoneToE164("044 555")).toBeNull();
    expect(phoneToE164("hallo")).toBeNull();
  });

  it("shows the international form", () => {
    expect(formatPhone("+41445551234")).toBe("+41 44 555 12 34");
  });
});

describe("logo type by content", () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
  const webp = new TextEncoder().encode("RIFF\x10\x00\x00\x00WEBPVP8 ");
  const enc = (s: string) => new TextEncoder().encode(s);

  it("knows PNG, JPEG and WebP by their first bytes", () => {
    expect(detectImageType(png)).toBe("image/png");
    expect(detectImageType(jpeg)).toBe("image/jpeg");
    expect(detectImageType(webp)).toBe("image/webp");
  });

  it("refuses SVG, HTML, GIF and a PNG signature without its header chunk", () => {
    expect(detectImageType(enc('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectImageType(enc('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(enc("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(detectImageType(enc("GIF89a"))).toBeNull();
    expect(detectImageType(png.slice(0, 10))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it("names the logo by hash and type, and reads back only such names", () => {
    const logo = { hash: "0123456789abcdef0123456789abcdef", type: "image/jpeg" as const };
    expect(logoPath(logo)).toBe("/logo/0123456789abcdef0123456789abcdef.jpg");
    expect(parseLogoFile("0123456789abcdef0123456789abcdef.jpg")).toEqual(logo);
    expect(parseLogoFile("0123456789abcdef0123456789abcdef.svg")).toBeNull();
    expect(parseLogoFile("../secret.png")).toBeNull();
    expect(parseLogoFile("0123456789ABCDEF0123456789abcdef.png")).toBeNull();
  });
});

describe("profile form", () => {
  it("normalises every field for storage", () => {
    const parsed = parseVenueProfile(form(VALID));
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: "Spielhalle Sonnenberg",
        street: "Bahnhofstrasse 5",
        zip: "9490",
        city: "Vaduz",
        country: "LI",
        phone: "+4232345678",
        email: "hallo@sonnenberg.li",
        website: "https://www.sonnenberg.li",
        uidNumber: "CHE-123.456.789 MWST",
        iban: "LI21088100002324013AA",
        arrivalNote: "Bitte 15 Minuten früher da sein.\nParkplätze hinter dem Haus.",
        about: "Seit 2010 in Vaduz.",
      },
    });
  });

  it("leaves the optional fields empty", () => {
    const parsed = parseVenueProfile(form({ ...VALID, website: "", uidNumber: "", iban: "", arrivalNote: "", about: "" }));
    expect(parsed.ok && parsed.value).toMatchObject({ website: "", uidNumber: "", iban: "", arrivalNote: "", about: "" });
  });

  it("answers each wrong field with its German message", () => {
    const parsed = parseVenueProfile(
      form({
        name: "",
        street: "x".repeat(101),
        zip: "86040",
        city: "Volketswil",
        country: "DE",
        phone: "123",
        email: "info@",
        website: "javascript:alert(1)",
        uidNumber: "123",
        iban: "CH93 0076 2011 6238 5295 8",
        arrivalNote: "x".repeat(301),
        about: "Hallo\u0000",
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: PROFILE_MSG.name,
        street: PROFILE_MSG.street,
        zip: PROFILE_MSG.zip,
        country: PROFILE_MSG.country,
        phone: PROFILE_MSG.phone,
        email: PROFILE_MSG.email,
        website: PROFILE_MSG.website,
        uidNumber: PROFILE_MSG.uidNumber,
        iban: PROFILE_MSG.iban,
        arrivalNote: PROFILE_MSG.arrivalNote,
        about: PROFILE_MSG.control,
      },
    });
  });

  it("refuses a web address with credentials or another scheme", () => {
    for (const website of ["ftp://funworld.ch", "https://user:pw@funworld.ch", "https://localhost"]) {
      const parsed = parseVenueProfile(form({ ...VALID, website }));
      expect(parsed.ok ? null : parsed.errors.website).toBe(PROFILE_MSG.website);
    }
  });

  it("shows the stored values for people", () => {
    const values = profileFormValues({ ...DEFAULT_VENUE_PROFILE, iban: "CH9300762011623852957" });
    expect(values.phone).toBe("+41 44 555 12 34");
    expect(values.iban).toBe("CH93 0076 2011 6238 5295 7");
  });
});

describe("contact for pages and e-mails", () => {
  it("generates the opening hours from the stored rules, and says so when there are none", () => {
    const rules = [3, 4, 5, 6, 0].map((weekday) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: true, games: true }));
    const contact = venueContactOf(DEFAULT_VENUE_PROFILE, rules);
    expect(contact.openingHours).toBe("Mo-Di geschlossen, Mi-So 10:00-22:00");
    expect(venueContactOf(DEFAULT_VENUE_PROFILE, []).openingHours).toBe("geschlossen");
  });

  it("links the phone by E.164 and scopes ids to the e-mail's domain", () => {
    const contact = venueContactOf({ ...DEFAULT_VENUE_PROFILE, phone: "+41615551234", email: "team@spielhalle.ch", logo: { hash: "a".repeat(32), type: "image/png" } }, []);
    expect(contact.phoneHref).toBe("tel:+41615551234");
    expect(contact.phone).toBe("+41 61 555 12 34");
    expect(contact.domain).toBe("spielhalle.ch");
    expect(contact.logoUrl).toBe(`/logo/${"a".repeat(32)}.png`);
    expect(venueDomain({ email: "", website: "https://www.beispiel.ch" })).toBe("beispiel.ch");
  });
});
