import { describe, expect, it } from "vitest";
import { birthdayChildText, isBirthdayParty, PARTY_MSG, parsePartyDetails, partyChanges, partyDataFields, partyRows } from "./party-details";

describe("party details", () => {
  it("accepts nothing at all: every field is optional", () => {
    expect(parsePartyDetails({})).toEqual({ ok: true, details: { childName: null, childAge: null, notes: null } });
    expect(parsePartyDetails({ partyChildName: "  ", partyChildAge: " ", partyNotes: "\n" })).toEqual({ ok: true, details: { childName: null, childAge: null, notes: null } });
  });

  it("trims, folds spaces in the name, keeps line breaks in the notes and drops other control characters", () => {
    expect(parsePartyDetails({ partyChildName: "  Lena \t Marie ", partyChildAge: " 7 ", partyNotes: "Nüsse\r\nLaktose\u0000 " })).toEqual({
      ok: true,
      details: { childName: "Lena Marie", childAge: 7, notes: "Nüsse\nLaktose" },
    });
  });

  it("names every problem at once, each with its field", () => {
    const result = parsePartyDetails({ partyChildName: "x".repeat(61), partyChildAge: "0", partyNotes: "y".repeat(501) });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "partyChildName", message: PARTY_MSG.childNameTooLong },
        { field: "partyChildAge", message: PARTY_MSG.childAge },
        { field: "partyNotes", message: PARTY_MSG.notesTooLong },
      ],
    });
    for (const age of ["19", "7.5", "sieben", "-3", "007"]) expect(parsePartyDetails({ partyChildAge: age }).ok, age).toBe(false);
    for (const age of ["1", "18", "07"]) expect(parsePartyDetails({ partyChildAge: age }).ok, age).toBe(true);
    expect(PARTY_MSG.childAge).toBe("Bitte geben Sie das Alter als ganze Zahl von 1 bis 18 an.");
  });

  it("reads as German rows, sentences and form fields", () => {
    expect(birthdayChildText({ childName: "Lena", childAge: 7 })).toBe("Lena, wird 7");
    expect(birthdayChildText({ childName: null, childAge: 7 })).toBe("wird 7");
    expect(birthdayChildText({ childName: null, childAge: null })).toBeNull();
    expect(partyRows({ childName: "Lena", childAge: null, notes: "Nüsse" })).toEqual([
      ["Geburtstagskind", "Lena"],
      ["Allergien / Hinweise", "Nüsse"],
    ]);
    expect(partyChanges({ childName: null, childAge: 6, notes: "a" }, { childName: "Tim", childAge: 6, notes: null })).toEqual([
      "Geburtstagskind «–» → «Tim»",
      "Allergien/Hinweise «a» → «–»",
    ]);
    const fields = partyDataFields({ partyChildAge: "x" }, [{ field: "partyChildAge", message: PARTY_MSG.childAge }]);
    expect(fields.map((f) => [f.name, f.value, f.problem ?? null])).toEqual([
      ["partyChildName", "", null],
      ["partyChildAge", "x", PARTY_MSG.childAge],
      ["partyNotes", "", null],
    ]);
  });

  it("is a party for a table birthday and the games' birthday package only", () => {
    expect(isBirthdayParty({ type: "BIRTHDAY_PARTY" })).toBe(true);
    expect(isBirthdayParty({ type: "PIXEL_GAMES", gameType: 2 })).toBe(true);
    expect(isBirthdayParty({ type: "PIXEL_GAMES", gameType: 1 })).toBe(false);
  });
});
