import { describe, expect, it } from "vitest";
import { auditActor, auditSentence, type AuditNames } from "./audit-text";

const NAMES: AuditNames = { tables: { 1: "Dschungel", 7: "Piraten" }, locations: { 3: "Lasertag" } };
const snapshot = { date: "2026-12-12", startMin: 840, endMin: 960, tableId: 1, locationId: null, numChildren: 9, numActiveAdults: 1, numAccompanyingAdults: 0, priceRappen: 26_100, discountRappen: 0, amountRappen: 26_100 };
const noMoney = { refundRappen: 0, voucherCreditRappen: 0, paidRappen: 0, venueDeltaRappen: 0 };

describe("the booking history as German sentences (issue #29 §5)", () => {
  it("names who acted: staff by address, the family and the system by role", () => {
    expect(auditActor("staff:lea@funworld.ch")).toBe("lea@funworld.ch");
    expect(auditActor("customer")).toBe("Die Familie (Buchung verwalten)");
    expect(auditActor("system")).toBe("Das System");
  });

  it("says what a change did: persons and price, and how the difference was paid — no JSON, Rappen, minutes or table ids", () => {
    const text = auditSentence(
      { actor: "staff:lea@funworld.ch", action: "move", details: { before: snapshot, after: { ...snapshot, numChildren: 11, priceRappen: 31_900 }, money: { ...noMoney, paidRappen: 5800 } } },
      NAMES,
    );
    expect(text).toBe("lea@funworld.ch hat die Buchung geändert: Kinder 9 → 11, Preis CHF 261.00 → CHF 319.00 (Differenz: CHF 58.00 online bezahlt).");
    expect(text).not.toMatch(/[{}]|Rappen|tableId|1020/);
  });

  it("a staff correction names the package, the price adjustment with its reason, the open balance, a new voucher and a silent change", () => {
    const before = { ...snapshot, offerName: "Basis", priceAdjustRappen: 0, priceAdjustReason: null };
    const after = { ...snapshot, offerName: "Premium", numChildren: 11, priceRappen: 33_900, priceAdjustRappen: -2_000, priceAdjustReason: "Stammkunde" };
    const text = auditSentence(
      { actor: "staff:lea@funworld.ch", action: "change", details: { before, after, money: { ...noMoney, openBalanceDeltaRappen: 7_800 }, notified: false } },
      NAMES,
    );
    expect(text).toBe(
      "lea@funworld.ch hat die Buchung geändert: Paket «Basis» → «Premium», Kinder 9 → 11, Preis CHF 261.00 → CHF 339.00, Preisanpassung keine → Rabatt CHF 20.00 «Stammkunde» (Differenz: CHF 78.00 am Empfang zu bezahlen; Familie nicht benachrichtigt).",
    );
    const back = auditSentence(
      { actor: "staff:lea@funworld.ch", action: "change", details: { before, after: { ...before, numChildren: 8, priceRappen: 23_200 }, money: { ...noMoney, voucherIssue: { code: "ABCD1234EFGH", amountRappen: 2_900 } } } },
      NAMES,
    );
    expect(back).toBe("lea@funworld.ch hat die Buchung geändert: Kinder 9 → 8, Preis CHF 261.00 → CHF 232.00 (Differenz: CHF 29.00 als neuer Gutschein ABCD1234EFGH).");
  });

  it("reads the open balance's payment link and its payment", () => {
    const s = (action: string, details: Record<string, unknown>, actor = "staff:lea@funworld.ch") => auditSentence({ actor, action, details }, NAMES);
    expect(s("payment-link-shown", { amountRappen: 5_800, balance: true, emailed: true })).toBe("lea@funworld.ch hat den Zahlungslink über CHF 58.00 (offener Betrag) per E-Mail gesendet.");
    expect(s("payment-link-shown", { amountRappen: 32_200 })).toBe("lea@funworld.ch hat den Zahlungslink über CHF 322.00 angezeigt.");
    expect(s("balance-paid", { amountRappen: 5_800 }, "system")).toBe("Offener Betrag von CHF 58.00 online bezahlt.");
  });

  it("a move names the dates, times and tables", () => {
    const text = auditSentence(
      { actor: "customer", action: "move", details: { before: snapshot, after: { ...snapshot, date: "2026-12-13", startMin: 900, endMin: 1020, tableId: 7 }, money: { ...noMoney, refundRappen: 1000, venueDeltaRappen: -500 } } },
      NAMES,
    );
    expect(text).toBe(
      "Die Familie (Buchung verwalten) hat die Buchung geändert: Termin 12.12.2026 14:00–16:00 → 13.12.2026 15:00–17:00, Tisch Dschungel → Piraten (Differenz: CHF 10.00 zurückerstattet, CHF 5.00 weniger vor Ort zu bezahlen).",
    );
  });

  it("reads cancellations, refunds, arrivals, notes and phone bookings", () => {
    const s = (action: string, details: Record<string, unknown>, actor = "staff:lea@funworld.ch") => auditSentence({ actor, action, details }, NAMES);
    expect(s("cancel", { reason: "Kind krank", voucherCreditedRappen: 2000 })).toBe("lea@funworld.ch hat die Buchung storniert (Grund: «Kind krank»; CHF 20.00 dem Gutschein gutgeschrieben).");
    expect(s("cancel", { reason: null, refundChoice: "fee", keptRappen: 8000, voucherCreditedRappen: 1600, note: "Mutter am Telefon" })).toBe(
      "lea@funworld.ch hat die Buchung storniert (Rückerstattung abzüglich Stornogebühr; CHF 80.00 einbehalten; CHF 16.00 dem Gutschein gutgeschrieben; interne Notiz: «Mutter am Telefon»).",
    );
    expect(s("cancel", { refundChoice: "none", keptRappen: 40_000 })).toBe("lea@funworld.ch hat die Buchung storniert (keine Rückerstattung; CHF 400.00 einbehalten).");
    expect(s("refund", { amountRappen: 11_600, reason: "cancel" }, "system")).toBe("CHF 116.00 zurückerstattet (Stornierung).");
    expect(s("contact-change", { before: { email: "lea@exmple.ch", street: "" }, after: { email: "lea@example.ch", street: "Weg 1" }, notified: true })).toBe(
      "lea@funworld.ch hat die Kontaktdaten geändert: Strasse «–» → «Weg 1», E-Mail «lea@exmple.ch» → «lea@example.ch» (Bestätigung an die Familie gesendet).",
    );
    expect(s("payment-link-shown", { amountRappen: 32_200 })).toBe("lea@funworld.ch hat den Zahlungslink über CHF 322.00 angezeigt.");
    expect(s("arrival", { before: { arrival: null, paidAtVenueRappen: 0 }, after: { arrival: "arrived", paidAtVenueRappen: 5600 } })).toBe(
      "lea@funworld.ch hat «angekommen» eingetragen und «vor Ort bezahlt» von CHF 0.00 auf CHF 56.00 geändert.",
    );
    expect(s("note", { after: { text: "Allergie: Nüsse" } })).toBe("lea@funworld.ch hat eine Notiz geschrieben: «Allergie: Nüsse».");
    expect(s("phone-booking", { outcome: "payment-link", amountRappen: 32_200, discountRappen: 0 })).toBe("lea@funworld.ch hat die Buchung telefonisch aufgenommen (Zahlungslink über CHF 322.00 gesendet).");
    expect(s("confirmation-resend", { to: "anna@example.ch" })).toBe("lea@funworld.ch hat die Bestätigung erneut gesendet an anna@example.ch.");
    expect(s("refund-unknown", { amountRappen: 100 }, "system")).toMatch(/^Rückerstattung über CHF 1\.00: keine Antwort/);
  });

  it("reads damaged or unknown rows without failing", () => {
    expect(auditSentence({ actor: "system", action: "move", details: { before: "x" } }, NAMES)).toBe("Das System hat die Buchung geändert.");
    expect(auditSentence({ actor: "staff:a@b.ch", action: "something-new", details: {} }, NAMES)).toBe("a@b.ch hat «something-new» ausgeführt.");
  });
});
