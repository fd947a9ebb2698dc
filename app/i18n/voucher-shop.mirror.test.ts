import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { GERMAN_EMAIL_WORDS } from "~/domain/email-words";
import { formatChf } from "~/domain/money";
import { VOUCHER_FIELD_LABEL, VOUCHER_SALE_DEFAULTS, VOUCHER_SALE_MAX, VOUCHER_SALE_MSG, VOUCHER_SALE_TEXT as T } from "~/domain/voucher-sale";
import { orderErrorsIn } from "~/server/checkout/voucher-sale.server";
import { voucherShop } from "./messages/voucherShop";

/** A German message of `voucherShop` formatted as the server formats it. */
const de = (key: keyof typeof voucherShop.de, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(voucherShop.de[key], "de-CH").format(values));

/**
 * The voucher shop's German copies (issue #33): `voucherShop` and the voucher keys of `email` mirror
 * VOUCHER_SALE_TEXT and VOUCHER_SALE_MSG (the spec's texts), so the German pages, PDF and e-mail stay
 * what they were and `localizeIn` finds the form's fixed problems.
 */
describe("voucher shop's messages mirror the domain's German", () => {
  it("voucherShop: the page's and the PDF's fixed words, word for word", () => {
    const same = [
      "title", "intro", "amountLegend", "freeAmount", "recipientName", "message", "buyerName", "buyerEmail", "buyerEmailHint", "acceptTerms", "terms", "submit", "closed",
      "orderTitle", "paid", "pending", "open", "payAgain", "download", "code", "value", "validUntil", "for", "from", "notFound", "messageLabel", "paymentCancelled", "paymentError",
      "pdfTitle", "pdfRedeem", "pdfNoCash",
    ] as const;
    for (const key of same) expect(voucherShop.de[key], key).toBe(T[key]);
    const short = (rappen: number) => formatChf(rappen).replace(" ", "\u00a0");
    expect(de("freeAmountLabel", { min: short(1_000), max: short(50_000) })).toBe(T.freeAmountLabel(1_000, 50_000));
    expect(de("validity", { months: 36 })).toBe(T.validity(36));
    // The PDF's lines as it printed them before.
    expect(de("pdfFor")).toBe(`${T.for}:`);
    expect(de("pdfValidUntil", { date: "29.11.2029" })).toBe(`${T.validUntil} 29.11.2029`);
    expect(de("pdfFrom", { name: "Götti Beat" })).toBe(`${T.from}: Götti Beat`);
    expect(de("pdfPhone", { phone: "+41 44 555 12 34" })).toBe("Telefon +41 44 555 12 34");
    expect(de("pdfFileName")).toBe("gutschein");
  });

  it("voucherShop: the form's problems, word for word", () => {
    expect(voucherShop.de.errRecipientName).toBe(VOUCHER_SALE_MSG.recipientName);
    expect(voucherShop.de.errBuyerName).toBe(VOUCHER_SALE_MSG.buyerName);
    expect(voucherShop.de.errBuyerEmail).toBe(VOUCHER_SALE_MSG.buyerEmail);
    expect(voucherShop.de.errTerms).toBe(VOUCHER_SALE_MSG.terms);
    expect(voucherShop.de.errControl).toBe(VOUCHER_SALE_MSG.control);
    expect(de("errAmount", { min: formatChf(1_000), max: formatChf(50_000) })).toBe(VOUCHER_SALE_MSG.amount(1_000, 50_000));
    for (const field of ["recipientName", "message", "buyerName"] as const) {
      expect(de("errTooLong", { label: T[VOUCHER_FIELD_LABEL[field]], max: VOUCHER_SALE_MAX[field] })).toBe(VOUCHER_SALE_MSG.tooLong(T[VOUCHER_FIELD_LABEL[field]], VOUCHER_SALE_MAX[field]));
    }
  });

  it("email: the buyer's message's words as VOUCHER_SALE_TEXT words them", () => {
    const say = GERMAN_EMAIL_WORDS.say;
    expect(say("voucherSoldTitle")).toBe(T.orderTitle);
    expect(say("voucherSoldSubject", { venue: "Fun World" })).toBe(T.mailSubject("Fun World"));
    expect([say("greeting", { name: "Beat" }), say("voucherSoldThanks")].join("\n\n")).toBe(T.mailIntro("Beat"));
    expect(say("voucherSoldCode")).toBe(T.code);
    expect(say("voucherSoldValue")).toBe(T.value);
    expect(say("voucherSoldValidUntil")).toBe(T.validUntil);
    expect(say("voucherSoldFor")).toBe(T.for);
    expect(say("voucherSoldRedeem")).toBe(T.pdfRedeem);
    expect(say("voucherSoldLink")).toBe(T.mailLink);
  });

  it("words the form's problems in the page's language, German unchanged", () => {
    const settings = VOUCHER_SALE_DEFAULTS;
    const german = {
      amount: VOUCHER_SALE_MSG.amount(settings.minRappen, settings.maxRappen),
      recipientName: VOUCHER_SALE_MSG.tooLong(T.for, VOUCHER_SALE_MAX.recipientName),
      message: VOUCHER_SALE_MSG.control,
      buyerName: VOUCHER_SALE_MSG.buyerName,
      buyerEmail: VOUCHER_SALE_MSG.buyerEmail,
      terms: VOUCHER_SALE_MSG.terms,
    };
    expect(orderErrorsIn("de", german, settings)).toBe(german);
    expect(orderErrorsIn("fr", german, settings)).toEqual({
      amount: "Veuillez choisir un montant entre 10.00\u00a0CHF et 500.00\u00a0CHF (francs entiers).",
      recipientName: "Pour\u00a0: 60 caractères au maximum.",
      message: voucherShop.fr.errControl,
      buyerName: voucherShop.fr.errBuyerName,
      buyerEmail: voucherShop.fr.errBuyerEmail,
      terms: voucherShop.fr.errTerms,
    });
    expect(orderErrorsIn("en", { message: VOUCHER_SALE_MSG.tooLong(T.messageLabel, VOUCHER_SALE_MAX.message) }, settings)).toEqual({ message: "Message: no more than 300 characters allowed." });
    expect(orderErrorsIn("it", { amount: VOUCHER_SALE_MSG.amount(settings.minRappen, settings.maxRappen) }, settings).amount).toBe("Scelga un importo tra CHF\u00a010.00 e CHF\u00a0500.00 (franchi interi).");
  });
});
