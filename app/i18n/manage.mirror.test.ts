import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { CHANGE_MSG, settlementLines, type Settlement } from "~/domain/booking-change";
import { EXTRAS_MSG, type BookedExtra } from "~/domain/extras";
import { DATA_TEXT, HOST_TEXT } from "~/domain/guests";
import { HEADCOUNT_MSG } from "~/domain/headcount";
import { horizonMessage } from "~/domain/horizon";
import { LINK_MSG } from "~/domain/manage-link";
import { MSG } from "~/domain/messages";
import { PARTY_MSG, partyRows } from "~/domain/party-details";
import { partyRuleProblem } from "~/domain/party-rules";
import { PAYMENT_LINK_MSG } from "~/domain/payment-link";
import { documentTitle, RECEIPT_TEXT } from "~/domain/receipts";
import { formatVenueInstant, lateCancellationSentence, selfServiceDeadline, selfServiceEndsNotice } from "~/domain/self-service";
import { venueToUtc } from "~/domain/time";
import { changeMessageIn, instantIn, lateCancellationIn, movedIntoWindowIn, partyRowsIn, priceWordsIn, settlementLinesIn } from "~/server/booking/manage-texts.server";
import { getEnv } from "~/server/platform/env.server";
import { localizeIn } from "~/server/i18n/texts.server";
import { manage, manageChange, manageLookup, managePay } from "./messages/manage";

type Ns = { de: Record<string, string> };
/** A German message formatted as the server formats it. */
const de = (ns: Ns, key: string, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(ns.de[key]!, "de-CH").format(values));

/**
 * The manage pages' German copies (issue #33): fixed texts of domain modules the pages show or the
 * server answers with (`localizeIn` finds them by their German), and sentences with values the
 * domain words. A change of the domain's German must change them too.
 */
describe("manage pages' messages mirror the domain's German", () => {
  it("manageLookup: the /buchung form's answers", () => {
    expect({ sent: manageLookup.de.sent, missing: manageLookup.de.missing, tooMany: manageLookup.de.tooMany }).toEqual(LINK_MSG);
    expect(localizeIn("fr", "manageLookup", LINK_MSG.sent)).toBe(manageLookup.fr.sent);
    expect(localizeIn("de", "manageLookup", LINK_MSG.tooMany)).toBe(LINK_MSG.tooMany);
  });

  it("manage: the other pages' notices and cards, word for word", () => {
    expect(manage.de.noticePartySaved).toBe(PARTY_MSG.saved);
    expect(manage.de.noticePartyUnchanged).toBe(PARTY_MSG.unchanged);
    expect(manage.de.noticeHeadcountSaved).toBe(HEADCOUNT_MSG.saved);
    expect(manage.de.noticeHeadcountAlready).toBe(HEADCOUNT_MSG.already);
    expect(manage.de.partyTitle).toBe(PARTY_MSG.title);
    expect(manage.de.partyNone).toBe(PARTY_MSG.none);
    expect([manage.de.guestsCard, manage.de.guestsIntro, manage.de.guestsOpen, manage.de.guestsInvite]).toEqual([HOST_TEXT.manageCard, HOST_TEXT.manageIntro, HOST_TEXT.open, HOST_TEXT.title]);
    expect([manage.de.dataCard, manage.de.dataIntro, manage.de.dataOpen, manage.de.dataRequested]).toEqual([DATA_TEXT.manageCard, DATA_TEXT.manageIntro, DATA_TEXT.open, DATA_TEXT.requestedNow]);
    expect([manage.de.headcountTitle, manage.de.headcountConfirm]).toEqual([HEADCOUNT_MSG.title, HEADCOUNT_MSG.confirmLink]);
    expect([manage.de.receiptsTitle, manage.de.receiptsNone]).toEqual([RECEIPT_TEXT.manageHeading, RECEIPT_TEXT.manageNone]);
    expect(de(manage, "receiptTitle", { number: "Q-2026-000042" })).toBe(documentTitle("receipt", "Q-2026-000042"));
    expect(de(manage, "creditNoteTitle", { number: "G-2026-000043" })).toBe(documentTitle("credit_note", "G-2026-000043"));
  });

  it("manage: the headcount's sentences as HEADCOUNT_MSG words them", () => {
    const deadline = "Mittwoch, 9. Dezember 2026";
    const at = "Dienstag, 8. Dezember 2026, 14:05 Uhr";
    expect(de(manage, "headcountAsk", { deadline })).toBe(HEADCOUNT_MSG.ask(deadline));
    expect(de(manage, "headcountConfirmed", { at })).toBe(HEADCOUNT_MSG.confirmed(at));
    expect(de(manage, "headcountChangeUntil", { deadline })).toBe(HEADCOUNT_MSG.changeUntil(deadline));
    expect(de(manage, "headcountLockedShort", { deadline })).toBe(HEADCOUNT_MSG.lockedShort(deadline));
    expect(de(manageChange, "headcountLocked", { deadline, phone: "+41 44 123 45 67" })).toBe(HEADCOUNT_MSG.locked(deadline, "+41 44 123 45 67"));
  });

  it("manage: the party rows as partyRows lists them", () => {
    for (const d of [
      { childName: "Lena", childAge: 7, notes: "Nussallergie" },
      { childName: "Lena", childAge: null, notes: null },
      { childName: null, childAge: 7, notes: null },
      { childName: null, childAge: null, notes: "Vegi" },
      { childName: null, childAge: null, notes: null },
    ]) {
      expect(partyRowsIn("de", d)).toEqual(partyRows(d));
    }
    expect(partyRowsIn("fr", { childName: "Lena", childAge: 7, notes: null })).toEqual([["Enfant fêté", "Lena, fête ses 7 ans"]]);
  });

  it("manage: the late cancellation (AGB §4) and the deadline as self-service words them", () => {
    for (const fee of [0, 30, 100]) expect(lateCancellationIn("de", fee)).toBe(lateCancellationSentence(fee));
    const deadline = selfServiceDeadline({ date: "2026-12-05", startMin: 14 * 60 }, 48);
    expect(instantIn("de", deadline)).toBe(formatVenueInstant(deadline));
    expect(de(manage, "instant", { date: "Donnerstag, 3. Dezember 2026", time: "14:00" })).toBe(formatVenueInstant(deadline));
    expect(instantIn("fr", deadline)).toBe("jeudi, 3 décembre 2026 à 14:00");
    expect(instantIn("en", deadline)).toBe("Thursday, 3 December 2026 at 14:00");
  });

  it("manageChange: a move into the self-service window, and the guest list's suggestion", () => {
    const now = venueToUtc("2026-12-02", 12 * 60);
    const target = { date: "2026-12-03", startMin: 14 * 60 };
    expect(movedIntoWindowIn("de", target, now, 48)).toBe(selfServiceEndsNotice(target, now, 48));
    expect(movedIntoWindowIn("fr", { date: "2026-12-10", startMin: 14 * 60 }, now, 48)).toBeNull();
    expect(movedIntoWindowIn("en", target, now, 48)).toContain("Tuesday, 1 December 2026 at 14:00");
    expect(de(manageChange, "suggested", { children: 8 })).toBe(HOST_TEXT.suggested(8));
  });

  it("manageChange: what a family's change answers (CHANGE_MSG), found by its German", () => {
    const keys = ["notActive", "unchanged", "personsUnchanged", "personsOnlyBirthday", "countsRange", "noPersons", "noTable", "priceChanged", "paymentUnclear", "paymentFailed"] as const;
    for (const key of keys) {
      expect(manageChange.de[key], key).toBe(CHANGE_MSG[key]);
      expect(changeMessageIn("it", CHANGE_MSG[key])).toBe(manageChange.it[key]);
    }
    expect(changeMessageIn("de", CHANGE_MSG.noTable)).toBe(CHANGE_MSG.noTable);
    expect(changeMessageIn("fr", MSG.slotTaken)).not.toBe(MSG.slotTaken);
    const horizon = getEnv().BOOKING_HORIZON_DAYS;
    expect(changeMessageIn("en", horizonMessage(horizon))).not.toBe(horizonMessage(horizon));
    const rules = { minChildren: 6, maxChildren: 12, maxAdults: 4 };
    const counts = { numChildren: 3, numActiveAdults: 0, numAccompanyingAdults: 1 };
    expect(changeMessageIn("en", partyRuleProblem(rules, counts)!, { rules, counts })).toContain("6 children");
    expect(changeMessageIn("fr", "Etwas anderes.")).toBe("Etwas anderes.");
    const cake = { extraId: 1, name: "Torte", unit: "child", quantity: 6, unitPriceRappen: 500, deadlineDays: 3 } as BookedExtra;
    expect(de(manageChange, "extrasTooLate", { name: "Torte" })).toBe(EXTRAS_MSG.tooLateForMove("Torte"));
    expect(de(manageChange, "extrasMoreThanChildren", { name: "Torte", quantity: 6 })).toBe(EXTRAS_MSG.moreThanChildren("Torte", 6));
    expect(changeMessageIn("en", EXTRAS_MSG.tooLateForMove("Torte"), { extras: [cake] })).toContain("‘Torte’ can no longer");
    expect(changeMessageIn("it", EXTRAS_MSG.moreThanChildren("Torte", 6), { extras: [cake], counts: { ...counts, numChildren: 4 } })).toContain("6 bambini");
  });

  it("manageChange: the money of a change as settlementLines words it", () => {
    const money = { priceRappen: 30000, discountRappen: 0, amountRappen: 30000 };
    const base: Settlement = {
      before: money,
      after: money,
      differenceRappen: 0,
      voucherCreditRappen: 0,
      refundRappen: 0,
      payOnlineRappen: 0,
      venueDeltaRappen: 0,
      openBalanceDeltaRappen: 0,
      voucherIssueRappen: 0,
    };
    const cases: Settlement[] = [
      base,
      { ...base, refundRappen: 2000, voucherCreditRappen: 500, voucherIssueRappen: 700 },
      { ...base, payOnlineRappen: 4000, venueDeltaRappen: 1000, openBalanceDeltaRappen: 300 },
      { ...base, venueDeltaRappen: -1000, openBalanceDeltaRappen: -300 },
      { ...base, toBalance: true, openBalanceDeltaRappen: 123456 },
      { ...base, toBalance: true, openBalanceDeltaRappen: -500 },
    ];
    for (const s of cases) {
      for (const code of ["GS-ABC", null]) expect(settlementLinesIn("de", s, code)).toEqual(settlementLines(s, code));
      expect(settlementLinesIn("fr", s, "GS-ABC")).toHaveLength(settlementLines(s, "GS-ABC").length);
    }
    expect(priceWordsIn("de", { ...base, differenceRappen: -500 }, null).difference).toBe("- CHF 5.00");
    expect(priceWordsIn("fr", { ...base, differenceRappen: 2000 }, null).difference).toBe("+ 20.00\u00a0CHF");
  });

  it("managePay: the payment link's states", () => {
    expect({ paid: managePay.de.paid, expired: managePay.de.expired, cancelled: managePay.de.cancelled, startFailed: managePay.de.startFailed }).toEqual(PAYMENT_LINK_MSG);
    expect(localizeIn("it", "managePay", PAYMENT_LINK_MSG.expired)).toBe(managePay.it.expired);
  });
});
