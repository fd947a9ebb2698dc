import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { MSG, readLeadTimeRefused } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { PROMO_MSG, promoNoteText, promoRefusal, promoRefusalNote, readPromoNote, type PromoNote, type PromoRule } from "~/domain/promo-codes";
import { answerIn, promoNoteIn } from "~/server/i18n/answers.server";
import { localCoupon, localText } from "~/server/checkout/contact-texts.server";
import { simulatedPaymentLang } from "~/server/payments/providers/simulated.server";
import { msg } from "./messages/msg";
import { promo } from "./messages/promo";
import { simulatedPay } from "./messages/simulatedPay";

const de = (source: string, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(source, "de-CH").format(values));

const RULE: PromoRule = { code: "SOMMER10", kind: "percent", value: 1_000, validFrom: null, validUntil: null, maxUses: null, maxUsesPerEmail: null, offerIds: null, games: false, weekdays: null, active: true };
const TARGET = { offerId: 1, game: false, date: "2026-12-12", today: "2026-11-29" };
const NONE = { total: 0, byEmail: 0 };

/** Every kind of note the box can show, with values. */
const NOTES: PromoNote[] = [
  { key: "inactive" },
  { key: "notYet", day: "2026-12-01" },
  { key: "expired", day: "2026-11-28" },
  { key: "offer" },
  { key: "weekday", weekdays: [3, 5, 0] },
  { key: "weekday", weekdays: [6] },
  { key: "usedUp" },
  { key: "perEmail" },
  { key: "applied", code: "SOMMER10", kind: "percent", value: 1_000 },
  { key: "applied", code: "HALB-12", kind: "percent", value: 1_250 },
  { key: "applied", code: "FIX20", kind: "fixed", value: 2_000 },
  { key: "applied", code: "GROSS", kind: "fixed", value: 123_450 },
];

describe("promo codes' and the lead time's messages in every language (issue #33 §2)", () => {
  it("promo: the German copies are PROMO_MSG word for word", () => {
    expect(promo.de.inactive).toBe(PROMO_MSG.inactive);
    expect(promo.de.offer).toBe(PROMO_MSG.offer);
    expect(promo.de.usedUp).toBe(PROMO_MSG.usedUp);
    expect(promo.de.perEmail).toBe(PROMO_MSG.perEmail);
    expect(de(promo.de.notYet, { day: "01.12.2026" })).toBe(PROMO_MSG.notYet("01.12.2026"));
    expect(de(promo.de.expired, { day: "28.11.2026" })).toBe(PROMO_MSG.expired("28.11.2026"));
    expect(de(promo.de.weekday, { days: "Mittwoch und Freitag" })).toBe(PROMO_MSG.weekday("Mittwoch und Freitag"));
    expect(de(promo.de.applied, { code: "SOMMER10", discount: "10 %" })).toBe(PROMO_MSG.applied("SOMMER10", "10 %"));
  });

  it("the refusal's note gives the German sentences as before, in the same order", () => {
    expect(promoRefusalNote({ ...RULE, active: false, validUntil: "2026-01-01" }, TARGET, NONE)).toEqual({ key: "inactive" });
    expect(promoRefusalNote({ ...RULE, weekdays: [0, 3, 5] }, TARGET, NONE)).toEqual({ key: "weekday", weekdays: [3, 5, 0] });
    expect(promoRefusal({ ...RULE, weekdays: [0, 3, 5] }, TARGET, NONE)).toBe("Dieser Aktionscode gilt nur für Termine am Mittwoch, Freitag und Sonntag.");
    expect(promoRefusal({ ...RULE, validUntil: "2026-11-28" }, TARGET, NONE)).toBe("Dieser Aktionscode war bis 28.11.2026 gültig.");
  });

  it("reads every German note back exactly, and nothing else", () => {
    for (const note of NOTES) expect(readPromoNote(promoNoteText(note)), promoNoteText(note)).toEqual(note);
    expect(promoNoteText({ key: "applied", code: "GROSS", kind: "fixed", value: 123_450 })).toBe(`Aktionscode GROSS eingelöst: ${formatChf(123_450)} Rabatt.`);
    expect(readPromoNote(MSG.voucherExpired)).toBeNull();
    expect(readPromoNote("Dieser Aktionscode gilt nur für Termine am Feiertag.")).toBeNull();
    expect(readPromoNote("Dieser Aktionscode gilt erst ab 1.12.2026.")).toBeNull();
    expect(readPromoNote("Aktionscode X1Y2 eingelöst: 10% Rabatt.")).toBeNull();
  });

  it("words a refusal in French, Italian and English with the language's dates and weekdays", () => {
    const expired = promoRefusal({ ...RULE, validUntil: "2026-11-28" }, TARGET, NONE)!;
    expect(answerIn("fr", expired)).toBe("Ce code promo était valable jusqu’au 28.11.2026.");
    expect(answerIn("it", PROMO_MSG.notYet("01.12.2026"))).toBe("Questo codice promozionale è valido solo a partire dal 01.12.2026.");
    const weekday = promoRefusal({ ...RULE, weekdays: [0, 3, 5] }, TARGET, NONE)!;
    expect(answerIn("fr", weekday)).toBe("Ce code promo n’est valable que le mercredi, vendredi et dimanche.");
    expect(answerIn("it", weekday)).toBe("Questo codice promozionale vale solo per appuntamenti di mercoledì, venerdì e domenica.");
    expect(answerIn("en", weekday)).toBe("This promo code only applies to dates on Wednesday, Friday and Sunday.");
    expect(answerIn("fr", PROMO_MSG.perEmail)).toBe("Vous avez déjà utilisé ce code promo.");
    expect(answerIn("en", PROMO_MSG.usedUp)).toBe(promo.en.usedUp);
  });

  it("words the discount in the language: percent and CHF per locale", () => {
    expect(promoNoteIn("en", { key: "applied", code: "FIX20", kind: "fixed", value: 2_000 })).toBe(`Promo code FIX20 applied: ${formatChf(2_000, "en")} off.`);
    expect(promoNoteIn("fr", { key: "applied", code: "FIX20", kind: "fixed", value: 2_000 })).toBe(`Code promo FIX20 appliqué\u202f: ${formatChf(2_000, "fr")} de rabais.`);
    expect(formatChf(2_000, "fr")).toMatch(/^20[.,]00\s?CHF$/);
    expect(answerIn("it", PROMO_MSG.applied("SOMMER10", "10 %"))).toMatch(/^Codice promozionale SOMMER10 applicato: 10\s?% di sconto\.$/);
    expect(answerIn("en", PROMO_MSG.applied("HALB-12", "12.5 %"))).toMatch(/^Promo code HALB-12 applied: 12\.5\s?% off\.$/);
  });

  it("leaves German exactly as the domain words it, and other text as it is", () => {
    for (const note of NOTES) {
      expect(promoNoteIn("de", note)).toBe(promoNoteText(note));
      expect(answerIn("de", promoNoteText(note))).toBe(promoNoteText(note));
      expect(localText("de", promoNoteText(note))).toBe(promoNoteText(note));
    }
    expect(answerIn("de", MSG.leadTimeRefused(24, "044 123 45 67"))).toBe(MSG.leadTimeRefused(24, "044 123 45 67"));
    expect(answerIn("fr", "Eine Notiz des Centers.")).toBe("Eine Notiz des Centers.");
  });

  it("msg.leadTimeRefused: German as MSG words it; read back and worded in Italian, French and English", () => {
    const phone = "+41 44 123 45 67";
    for (const hours of [1, 2, 24, 48]) {
      expect(de(msg.de.leadTimeRefused, { hours, phone })).toBe(MSG.leadTimeRefused(hours, phone));
      expect(readLeadTimeRefused(MSG.leadTimeRefused(hours, phone))).toEqual({ hours, phone });
    }
    expect(readLeadTimeRefused(MSG.slotTaken)).toBeNull();
    expect(readLeadTimeRefused("Dieser Termin beginnt in weniger als 1 Stunden und ist online nicht mehr buchbar. Bitte rufen Sie uns an: 044.")).toBeNull();
    expect(answerIn("it", MSG.leadTimeRefused(24, phone))).toBe(`Questo appuntamento inizia tra meno di 24 ore e non è più prenotabile online. La preghiamo di chiamarci: ${phone}.`);
    expect(answerIn("it", MSG.leadTimeRefused(1, phone))).toContain("meno di 1 ora ");
    expect(localText("fr", MSG.leadTimeRefused(2, phone))).toBe(`Ce créneau commence dans moins de 2 heures et ne peut plus être réservé en ligne. Veuillez nous appeler\u202f: ${phone}.`);
    expect(answerIn("en", MSG.leadTimeRefused(1, phone))).toBe(`This time starts in less than 1 hour and can no longer be booked online. Please call us on ${phone}.`);
  });

  it("the voucher box's answers: fixed voucher texts and a promo code's verdict in the page's language", () => {
    const expiredVoucher = { valid: false, message: MSG.voucherExpired, couponCode: "ABCD-1234", remainingValue: 0 };
    expect(localCoupon("fr", expiredVoucher).message).toBe("Le bon a expiré.");
    expect(localCoupon("de", expiredVoucher)).toEqual(expiredVoucher);
    const refused = { valid: false, message: PROMO_MSG.expired("28.11.2026"), couponCode: "SOMMER10", remainingValue: 0, promo: true as const };
    expect(localCoupon("en", refused).message).toBe("This promo code was valid until 28.11.2026.");
    // The remaining value the box shows beside «Amount available:»: CHF as each Swiss locale writes it.
    expect(msg.en.voucherAvailable).toBe("Amount available:");
    expect(formatChf(4_550, "en")).toMatch(/^CHF\s45\.50$/);
    expect(formatChf(4_550, "it")).toMatch(/^CHF\s45\.50$/);
    expect(formatChf(4_550, "de")).toBe("CHF 45.50");
  });

  it("the simulated payment page speaks the language the payment was started from", () => {
    expect(simulatedPaymentLang({ successUrl: "http://localhost:3000/fr/payment/success" })).toBe("fr");
    expect(simulatedPaymentLang({ successUrl: "http://localhost:3000/it/zahlung/abc?x=1" })).toBe("it");
    expect(simulatedPaymentLang({ successUrl: "http://localhost:3000/payment/success" })).toBe("de");
    expect(simulatedPaymentLang({ successUrl: "http://localhost:3000/gutschein/bestellung/x" })).toBe("de");
    expect(simulatedPaymentLang({ successUrl: "" })).toBe("de");
    expect(simulatedPay.de).toMatchObject({ pay: "Bezahlen", cancel: "Abbrechen", fail: "Fehler simulieren", done: "Diese Zahlung ist bereits abgeschlossen." });
  });
});
