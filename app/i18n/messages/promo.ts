import type { Messages } from "../messages";

/**
 * What the voucher box says about a promo code (issue #31 §4, issue #33): one message per
 * `PromoNote` key (domain/promo-codes.ts). German copies `PROMO_MSG` word for word (a test formats
 * each with values and compares); fr/it/en get the values worded for them: `{day}` a date, `{days}`
 * the weekdays named and joined in the language, `{discount}` «10 %» or the amount in CHF.
 */
const de = {
  inactive: "Dieser Aktionscode ist nicht mehr gültig.",
  notYet: "Dieser Aktionscode gilt erst ab {day}.",
  expired: "Dieser Aktionscode war bis {day} gültig.",
  offer: "Dieser Aktionscode gilt nicht für dieses Angebot.",
  weekday: "Dieser Aktionscode gilt nur für Termine am {days}.",
  usedUp: "Dieser Aktionscode wurde bereits so oft eingelöst wie vorgesehen.",
  perEmail: "Sie haben diesen Aktionscode bereits eingelöst.",
  applied: "Aktionscode {code} eingelöst: {discount} Rabatt.",
} as const;

export const promo = {
  de,
  fr: {
    inactive: "Ce code promo n’est plus valable.",
    notYet: "Ce code promo n’est valable qu’à partir du {day}.",
    expired: "Ce code promo était valable jusqu’au {day}.",
    offer: "Ce code promo n’est pas valable pour cette offre.",
    weekday: "Ce code promo n’est valable que le {days}.",
    usedUp: "Ce code promo a déjà été utilisé le nombre de fois prévu.",
    perEmail: "Vous avez déjà utilisé ce code promo.",
    applied: "Code promo {code} appliqué\u202f: {discount} de rabais.",
  },
  it: {
    inactive: "Questo codice promozionale non è più valido.",
    notYet: "Questo codice promozionale è valido solo a partire dal {day}.",
    expired: "Questo codice promozionale era valido fino al {day}.",
    offer: "Questo codice promozionale non è valido per questa offerta.",
    weekday: "Questo codice promozionale vale solo per appuntamenti di {days}.",
    usedUp: "Questo codice promozionale è già stato utilizzato il numero di volte previsto.",
    perEmail: "Ha già utilizzato questo codice promozionale.",
    applied: "Codice promozionale {code} applicato: {discount} di sconto.",
  },
  en: {
    inactive: "This promo code is no longer valid.",
    notYet: "This promo code is only valid from {day}.",
    expired: "This promo code was valid until {day}.",
    offer: "This promo code does not apply to this offer.",
    weekday: "This promo code only applies to dates on {days}.",
    usedUp: "This promo code has already been used as many times as allowed.",
    perEmail: "You have already used this promo code.",
    applied: "Promo code {code} applied: {discount} off.",
  },
} satisfies Messages<typeof de>;
