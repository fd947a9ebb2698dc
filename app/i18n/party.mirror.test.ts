import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { EXTRAS_MSG } from "~/domain/extras";
import { HOST_TEXT } from "~/domain/guests";
import { HEADCOUNT_MSG, mealText, type MealCount } from "~/domain/headcount";
import { PARTY_MSG } from "~/domain/party-details";
import { PAYMENT_LINK_MSG } from "~/domain/payment-link";
import { formatVenueInstant } from "~/domain/self-service";
import { formatDateDE, formatTime } from "~/domain/time";
import { named, NAME_MARK, partyMessageIn, venueInstantIn, whenAt, whenRange } from "~/server/booking/party-pages.server";
import { BALANCE_MSG } from "~/server/payments/payment-link.server";
import { party } from "./messages/party";
import { partyMsg } from "./messages/partyMsg";

/** A German message of `party` formatted as the server formats it. */
const de = (key: keyof typeof party.de, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(party.de[key], "de-CH").format(values));

/**
 * The party pages' German copies (issue #33): `partyMsg` mirrors the fixed messages their server
 * functions answer with (`localizeIn` finds them by their German), `party` the sentences with
 * values the domain words in German. A change of the domain's German must change them too.
 */
describe("party pages' messages mirror the domain's German", () => {
  it("partyMsg: the fixed messages word for word", () => {
    expect(partyMsg.de).toEqual({
      partyClosed: PARTY_MSG.closed,
      partyNotActive: PARTY_MSG.notActive,
      headcountNotBirthday: HEADCOUNT_MSG.notBirthday,
      headcountNotActive: HEADCOUNT_MSG.notActive,
      balanceNotDue: BALANCE_MSG.notDue,
      balanceAtVenue: BALANCE_MSG.atVenue,
      paymentStartFailed: PAYMENT_LINK_MSG.startFailed,
      extrasUnchanged: EXTRAS_MSG.unchanged,
      takeoverDone: HOST_TEXT.takeoverDone,
    });
    expect(BALANCE_MSG.startFailed).toBe(PAYMENT_LINK_MSG.startFailed);
    expect(party.de.payAtDesk).toBe(BALANCE_MSG.atVenue);
  });

  it("localizes them, and leaves other text as it is", () => {
    expect(partyMessageIn("de", PARTY_MSG.closed)).toBe(PARTY_MSG.closed);
    expect(partyMessageIn("fr", PARTY_MSG.closed)).toBe(partyMsg.fr.partyClosed);
    expect(partyMessageIn("en", EXTRAS_MSG.unchanged)).toBe(partyMsg.en.extrasUnchanged);
    expect(partyMessageIn("it", "Etwas anderes.")).toBe("Etwas anderes.");
  });

  it("party: the headcount's sentences as HEADCOUNT_MSG words them", () => {
    const deadline = "Mittwoch, 9. Dezember 2026";
    expect(de("headcountAsk", { deadline })).toBe(HEADCOUNT_MSG.ask(deadline));
    expect(de("headcountConfirmed", { at: "Dienstag, 8. Dezember 2026, 14:05 Uhr" })).toBe(HEADCOUNT_MSG.confirmed("Dienstag, 8. Dezember 2026, 14:05 Uhr"));
    expect(de("headcountChangeUntil", { deadline })).toBe(HEADCOUNT_MSG.changeUntil(deadline));
    expect(de("headcountLocked", { deadline, phone: "+41 44 123 45 67" })).toBe(HEADCOUNT_MSG.locked(deadline, "+41 44 123 45 67"));
    expect(de("mealsMismatch", { name: "Menü", chosen: 5, children: 6 })).toBe(HEADCOUNT_MSG.mealsMismatch("Menü", 5, 6));
    expect(de("mealsLocked", { name: "Menü", children: 6 })).toBe(HEADCOUNT_MSG.mealsLocked("Menü", 6));
    expect(de("headcountTitle")).toBe(HEADCOUNT_MSG.confirmLink);
    expect(de("headcountHeading")).toBe(HEADCOUNT_MSG.title);
    expect(de("confirmHeadcount")).toBe(HEADCOUNT_MSG.confirm);
    const meal: MealCount = { extraId: 1, name: "Menü", choices: [{ choice: "Pizza", quantity: 5 }, { choice: "Hot Dog", quantity: 0 }, { choice: "Vegi", quantity: 1 }], total: 6 };
    expect([de("mealChoice", { choice: "Pizza", quantity: 5 }), de("mealChoice", { choice: "Vegi", quantity: 1 })].join(", ")).toBe(mealText(meal));
    expect(de("nothingChosen")).toBe(mealText({ ...meal, choices: [], total: 0 }));
  });

  it("party: the extras' words as EXTRAS_MSG and submitFamilyExtras word them", () => {
    expect(de("extrasNone")).toBe(EXTRAS_MSG.none);
    expect(de("extrasList", { list: de("extrasListNone") })).toBe("Zusatzleistungen: keine");
  });

  it("words dates and times in German as the pages did", () => {
    const r = { date: "2026-12-09", startMin: 14 * 60, endMin: 16 * 60 };
    expect(whenAt("de", r)).toBe(`${formatDateDE(r.date)}, ${formatTime(r.startMin)} Uhr`);
    expect(whenRange("de", r, "Kindergeburtstag")).toBe(`${formatDateDE(r.date)}, ${formatTime(r.startMin)} - ${formatTime(r.endMin)} Uhr, Kindergeburtstag`);
    expect(whenAt("fr", r)).toBe("09.12.2026 à 14:00");
    const instant = new Date("2026-12-08T13:05:00Z");
    expect(venueInstantIn("de", instant)).toBe(formatVenueInstant(instant));
    expect(de("dateTime", { date: "Dienstag, 8. Dezember 2026", time: "14:05" })).toBe(formatVenueInstant(instant));
    expect(venueInstantIn("en", instant)).toBe("Tuesday, 8 December 2026 at 14:05");
    expect(named(`Am ${NAME_MARK}.`, "Party")).toEqual({ before: "Am ", name: "Party", after: "." });
  });
});
