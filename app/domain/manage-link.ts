/** The /buchung form's field limits (server and `maxLength`). */
export const LINK_FIELD_MAX = { code: 32, email: 254 } as const;

/** The /buchung form's answers (the same whether anything matched: the form tests nothing). */
export const LINK_MSG = {
  sent: "Falls Buchungscode und E-Mail-Adresse zu einer Buchung passen, haben wir Ihnen soeben einen Link zu Ihrer Buchung geschickt. Bitte prüfen Sie auch den Spam-Ordner.",
  missing: "Bitte geben Sie Ihren Buchungscode und Ihre E-Mail-Adresse ein.",
  tooMany: "Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
} as const;
