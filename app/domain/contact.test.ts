import { describe, expect, it } from "vitest";
import { contactCountry, contactProblems, firstContactError, isPlausiblePhone, isPlausibleZip, toContact } from "./contact";
import { MSG } from "./messages";

const complete = {
  firstName: "Anna",
  lastName: "Muster",
  street: "Bahnhofstrasse 1",
  zip: "8001",
  city: "Zürich",
  phone: "044 123 45 67",
  email: "anna@example.ch",
  emailRepeat: "anna@example.ch",
  terms: "on",
};

describe("contact validation order (spec §5)", () => {
  it("accepts a complete form", () => {
    expect(firstContactError(complete)).toBeNull();
  });
  it("reports differing e-mails first, even when other fields are empty and terms are missing", () => {
    expect(firstContactError({ email: "a@x.ch", emailRepeat: "b@x.ch" })).toBe("Die E-Mails stimmen nicht überein.");
  });
  it("then a required field that is empty after trimming", () => {
    expect(firstContactError({ ...complete, city: "   " })).toBe("Bitte füllen Sie alle erforderlichen Felder aus.");
    expect(firstContactError({ ...complete, terms: undefined, phone: "" })).toBe(
      "Bitte füllen Sie alle erforderlichen Felder aus.",
    );
  });
  it("then an address that cannot be one (our addition), before the terms", () => {
    for (const bad of ["anna-at-gmail", "anna@gmail", "anna @gmail.com", "@gmail.com", "anna@.ch", "anna@gmail.c"]) {
      expect(firstContactError({ ...complete, email: bad, emailRepeat: bad, terms: undefined })).toBe(
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      );
    }
    for (const good of ["a.b+fun@sub.example.ch", "ANNA@EXAMPLE.COM", "müller@bücher.ch"]) {
      expect(firstContactError({ ...complete, email: good, emailRepeat: good })).toBeNull();
    }
  });
  it("then the terms", () => {
    expect(firstContactError({ ...complete, terms: undefined })).toBe("Bitte akzeptieren Sie die AGBs.");
  });
  it("treats both e-mails empty as a missing field, not as a mismatch", () => {
    expect(firstContactError({ ...complete, email: "", emailRepeat: "" })).toBe(
      "Bitte füllen Sie alle erforderlichen Felder aus.",
    );
  });
  it("keeps the message optional and trims everything", () => {
    expect(toContact({ ...complete, firstName: " Anna ", message: "  " })).toMatchObject({ firstName: "Anna", message: null });
  });
});

describe("length limits (docs/decisions.md)", () => {
  it("accepts every field at its limit, including a 2,000-character message", () => {
    expect(firstContactError({ ...complete, firstName: "A".repeat(100), street: "S".repeat(200), message: "M".repeat(2000) })).toBeNull();
  });
  it("names the first field over its limit, before the spec's rules", () => {
    expect(firstContactError({ ...complete, firstName: "A".repeat(101) })).toBe("Vorname: höchstens 100 Zeichen erlaubt.");
    expect(firstContactError({ ...complete, street: "S".repeat(201), emailRepeat: "x@y.ch" })).toBe(
      "Strasse und Hausnummer: höchstens 200 Zeichen erlaubt.",
    );
    expect(firstContactError({ ...complete, phone: "1".repeat(41) })).toBe("Telefon: höchstens 40 Zeichen erlaubt.");
    expect(firstContactError({ ...complete, message: "M".repeat(2001) })).toBe("Nachricht: höchstens 2000 Zeichen erlaubt.");
    expect(firstContactError({ ...complete, zip: "1".repeat(13) })).toBe("PLZ: höchstens 12 Zeichen erlaubt.");
  });
  it("counts after trimming, like the stored value", () => {
    expect(firstContactError({ ...complete, city: ` ${"Z".repeat(100)} ` })).toBeNull();
  });
  it("refuses a 10 MB name without storing it", () => {
    expect(firstContactError({ ...complete, lastName: "x".repeat(10_000_000) })).toBe("Nachname: höchstens 100 Zeichen erlaubt.");
  });
});

describe("problems per field (issue #28 §5)", () => {
  const filled = { firstName: "Anna", lastName: "Muster", street: "Seestrasse 1", zip: "8000", city: "Zürich", phone: "079 123 45 67", email: "a@example.ch", emailRepeat: "a@example.ch", terms: "on" };

  it("names every empty required field in the spec's order, each once", () => {
    expect(contactProblems({ ...filled, firstName: " ", zip: "", terms: undefined })).toEqual([
      { field: "firstName", message: "Vorname: bitte ausfüllen." },
      { field: "zip", message: "PLZ: bitte ausfüllen." },
      { field: "terms", message: MSG.acceptTerms },
    ]);
    expect(contactProblems(filled)).toEqual([]);
  });

  it("marks the repeat field when the addresses differ, the address when it cannot be one, and a value too long first", () => {
    expect(contactProblems({ ...filled, emailRepeat: "b@example.ch" })).toEqual([{ field: "emailRepeat", message: MSG.emailsDiffer }]);
    expect(contactProblems({ ...filled, email: "anna-at-example", emailRepeat: "anna-at-example" })).toEqual([{ field: "email", message: MSG.invalidEmail }]);
    expect(contactProblems({ ...filled, city: "x".repeat(101) })).toEqual([{ field: "city", message: "Ort: höchstens 100 Zeichen erlaubt." }]);
    // An empty repeat field is missing, not different.
    expect(contactProblems({ ...filled, emailRepeat: "" })).toEqual([{ field: "emailRepeat", message: "E-Mail wiederholen: bitte ausfüllen." }]);
  });
});

describe("phone plausibility (issue #28 §6)", () => {
  it("takes the ways Swiss and foreign numbers are written, refuses what nobody can call", () => {
    for (const ok of ["079 123 45 67", "0791234567", "+41 79 123 45 67", "+41791234567", "0041 79 123 45 67", "+423 234 56 78", "044/555.12.34", "(044) 555-12-34", "+49 30 1234567"]) {
      expect(isPlausiblePhone(ok), ok).toBe(true);
    }
    for (const bad of ["123", "079 123", "keine", "079 123 45 67 oder 078", "+41 79 123 45 67 89 01 23", "++41791234567", "079-123-45-67x"]) {
      expect(isPlausiblePhone(bad), bad).toBe(false);
    }
  });

  it("is checked after the spec's required fields and before the e-mail address, in browser and server alike", () => {
    const filled = { firstName: "Anna", lastName: "Muster", street: "Seestrasse 1", zip: "8000", city: "Zürich", phone: "123", email: "a@example.ch", emailRepeat: "a@example.ch", terms: "on" };
    expect(firstContactError(filled)).toBe(MSG.invalidPhone);
    expect(firstContactError({ ...filled, city: "" })).toBe(MSG.requiredFields);
    expect(firstContactError({ ...filled, email: "x", emailRepeat: "x" })).toBe(MSG.invalidPhone);
    expect(contactProblems({ ...filled, email: "x", emailRepeat: "x" })).toEqual([
      { field: "phone", message: MSG.invalidPhone },
      { field: "email", message: MSG.invalidEmail },
    ]);
  });
});

describe("postcode and country (issue #28 §6)", () => {
  const filled = { firstName: "Anna", lastName: "Muster", street: "Seestrasse 1", zip: "8000", city: "Zürich", phone: "079 123 45 67", email: "a@example.ch", emailRepeat: "a@example.ch", terms: "on" };

  it("takes four digits in Switzerland and Liechtenstein, the neighbours' own shapes, and anything postcode-like elsewhere", () => {
    for (const [zip, country] of [["8000", undefined], ["1200", "CH"], [" 3011 ", "CH"], ["9490", "LI"], ["1010", "AT"], ["10115", "DE"], ["75001", "FR"], ["00184", "IT"], ["SW1A 1AA", "XX"], ["12345-6789", "XX"], ["8000", "ch"]] as const) {
      expect(isPlausibleZip(zip, country), `${zip} ${country}`).toBe(true);
    }
    for (const [zip, country] of [["800", "CH"], ["80001", "CH"], ["0800", "CH"], ["8000a", "CH"], ["9400", "LI"], ["8000", "DE"], ["1234", "FR"], ["x", "XX"], ["<script>", "XX"]] as const) {
      expect(isPlausibleZip(zip, country), `${zip} ${country}`).toBe(false);
    }
  });

  it("is checked after the spec's required fields and before the phone, and names the field", () => {
    expect(firstContactError({ ...filled, zip: "800" })).toBe(MSG.invalidZip);
    expect(firstContactError({ ...filled, zip: "800", phone: "123" })).toBe(MSG.invalidZip);
    expect(firstContactError({ ...filled, zip: "800", city: "" })).toBe(MSG.requiredFields);
    expect(firstContactError({ ...filled, zip: "10115", country: "DE" })).toBeNull();
    expect(contactProblems({ ...filled, zip: "800", phone: "123" })).toEqual([
      { field: "zip", message: MSG.invalidZip },
      { field: "phone", message: MSG.invalidPhone },
    ]);
  });

  it("stores Switzerland when no country is posted (the spec's form, the JSON API) and 'another country' for an unknown code", () => {
    expect(contactCountry(undefined)).toBe("CH");
    expect(contactCountry("de")).toBe("DE");
    expect(contactCountry("US")).toBe("XX");
    expect(toContact({ ...filled, country: "LI" }).country).toBe("LI");
  });

  it("lets the server's phone rule decide in the same place of the order", () => {
    const never = () => false;
    expect(firstContactError(filled, never)).toBe(MSG.invalidPhone);
    expect(firstContactError({ ...filled, email: "x", emailRepeat: "x" }, never)).toBe(MSG.invalidPhone);
    expect(contactProblems(filled, never)).toEqual([{ field: "phone", message: MSG.invalidPhone }]);
  });
});
