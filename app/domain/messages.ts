/** Every German text the family or staff reads, once. Spec texts are word for word. */
export const MSG = {
  // /offers
  noOffers: "Keine Angebote für diesen Tag gefunden",
  chooseOffer: "Bitte wählen Sie ein Angebot aus.",
  // /find-slot
  slotsPrompt: "Bitte wählen Sie zuerst die Anzahl Personen aus, um verfügbare Zeitslots zu sehen.",
  slotsLoading: "Lade verfügbare Zeiten...",
  slotsFull: "Alle Tische ausgebucht",
  /** A day without birthdays or games (Monday, Tuesday): closed, not booked out. */
  closedDay: "An diesem Tag haben wir geschlossen.",
  /** A day open for games only (or a special day without parties): the venue is open, so not "geschlossen". */
  noBirthdaysOnDay: "An diesem Tag finden keine Geburtstage statt.",
  /** A day open for birthdays only. */
  noGamesOnDay: "An diesem Tag finden keine Spiele statt.",
  slotsError: "Zeiten können nicht geladen werden",
  chooseDateAndSlot: "Bitte wählen Sie ein Datum und einen Zeitslot aus.",
  chooseSlot: "Bitte wählen Sie einen Zeitslot aus.",
  slotGone: "Dieser Zeitslot ist leider nicht mehr verfügbar. Bitte wählen Sie einen anderen.",
  /** The offer's (or the games') lead time: shown above the slots of a day it cuts into, and when a slot inside it is submitted. */
  leadTimeNotice: (hours: number, phone: string) =>
    `Online buchbar bis ${hours} ${hours === 1 ? "Stunde" : "Stunden"} vor Beginn. Für einen früheren Termin rufen Sie uns bitte an: ${phone}.`,
  leadTimeRefused: (hours: number, phone: string) =>
    `Dieser Termin beginnt in weniger als ${hours} ${hours === 1 ? "Stunde" : "Stunden"} und ist online nicht mehr buchbar. Bitte rufen Sie uns an: ${phone}.`,
  choosePersons: "Bitte wählen Sie mindestens eine Person aus.",
  // /enter-data
  emailsDiffer: "Die E-Mails stimmen nicht überein.",
  requiredFields: "Bitte füllen Sie alle erforderlichen Felder aus.",
  acceptTerms: "Bitte akzeptieren Sie die AGBs.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  invalidZip: "Bitte geben Sie eine gültige PLZ ein (in der Schweiz 4 Ziffern, z. B. 8000).",
  invalidPhone: "Bitte geben Sie eine gültige Telefonnummer ein (z. B. 079 123 45 67 oder +41 79 123 45 67).",
  bookingFailed: "Buchung konnte nicht verarbeitet werden. Bitte erneut versuchen.",
  slotTaken: "Dieser Termin wurde soeben vergeben. Bitte wählen Sie einen anderen Zeitslot.",
  // vouchers
  voucherValid: "Gutschein ist gültig.",
  voucherUnknown: "Gutschein nicht gefunden.",
  voucherExpired: "Gutschein ist abgelaufen.",
  voucherUsedUp: "Gutschein wurde bereits vollständig eingelöst.",
  voucherBlocked: "Gutschein ist gesperrt.",
  voucherCheckFailed: "Fehler bei der Gutscheinvalidierung. Bitte versuchen Sie es erneut.",
  voucherTooManyAttempts: "Zu viele Gutscheinprüfungen. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  voucherAvailable: "Verfügbarer Betrag:",
  // confirmation
  bookingConfirmed: "Ihre Buchung ist bestätigt.",
  // pages waiting for the payment provider (issue #27)
  statusCheck: "Status prüfen",
  statusCheckHint: "Die Seite lädt sich nicht mehr selbst neu. Fragen Sie den Stand jederzeit wieder ab:",
  // limits against hoarding and guessing
  tooManyHolds: "Sie haben bereits offene Reservierungen. Bitte schliessen Sie zuerst die Zahlung ab oder warten Sie einige Minuten.",
  holdShareTaken: "Für diese Zeit warten gerade viele Reservierungen auf ihre Zahlung. Bitte versuchen Sie es in einigen Minuten erneut oder wählen Sie eine andere Zeit.",
  tooManyRequests: "Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  notFound: "Seite nicht gefunden",
} as const;

/**
 * `MSG.leadTimeRefused` read back into its values (the booking's reservation answers with the
 * German sentence; the page words it in its language, issue #33), or null when the text is not
 * exactly that message.
 */
export function readLeadTimeRefused(text: string): { hours: number; phone: string } | null {
  const m = /^Dieser Termin beginnt in weniger als (\d{1,4}) Stunden? und ist online nicht mehr buchbar\. Bitte rufen Sie uns an: (.*)\.$/s.exec(text);
  if (!m) return null;
  const values = { hours: Number(m[1]), phone: m[2]! };
  return MSG.leadTimeRefused(values.hours, values.phone) === text ? values : null;
}
