/**
 * Rules of the staff bookings desk that need no database: the amount paid at the venue, when a
 * booking may be marked arrived or no-show, what is still open, internal notes.
 */
export const PAID_AT_VENUE_MAX_RAPPEN = 10_000_000;
export const NOTE_MAX_LENGTH = 2000;

export const DESK_MSG = {
  amount: "Vor Ort bezahlt: bitte einen Betrag in CHF wie 0, 50 oder 25.50 angeben.",
  amountDecimals: "Vor Ort bezahlt: höchstens zwei Nachkommastellen (ganze Rappen).",
  amountTooLarge: "Vor Ort bezahlt: höchstens CHF 100'000.",
  notFound: "Keine Buchung mit diesem Buchungscode gefunden.",
  notConfirmed: "Nur bestätigte Buchungen können als angekommen oder nicht erschienen markiert werden.",
  notYet: "Ankunft und «nicht erschienen» können erst am Tag der Buchung erfasst werden.",
  intent: "Unbekannte Aktion.",
  noteEmpty: "Bitte eine Notiz eingeben.",
  noteTooLong: `Die Notiz darf höchstens ${NOTE_MAX_LENGTH} Zeichen lang sein.`,
  resendNotConfirmed: "Nur bestätigte Buchungen haben eine Bestätigung zum erneut Senden.",
  resendTooSoon: "Die Bestätigung wurde eben erst erneut gesendet. Bitte warten Sie eine Minute.",
  resent: (email: string) => `Bestätigung an ${email} erneut gesendet.`,
  noEmail: "Für diese Buchung ist keine E-Mail-Adresse hinterlegt. Bitte rufen Sie die Familie an.",
  contactNotActive: "Die Kontaktdaten einer stornierten oder abgelaufenen Buchung werden nicht mehr geändert.",
  contactUnchanged: "Keine Änderung: Die Kontaktdaten sind gleich geblieben.",
  contactSaved: "Kontaktdaten gespeichert.",
  contactSavedNotified: (email: string) => `Kontaktdaten gespeichert. Die Bestätigung geht an ${email}.`,
  paymentLinkNotHeld: "Einen Zahlungslink haben nur eine reservierte Telefonbuchung und der offene Betrag einer online bezahlten Buchung.",
} as const;

/** One resend per booking per minute: a double click or an impatient staff member sends one e-mail, not ten. */
export const RESEND_INTERVAL_SECONDS = 60;

export type AmountParse = { ok: true; rappen: number } | { ok: false; message: string };

/** "25", "25.5", "25,50", "0" → Rappen; negative numbers, exponents, three decimals are refused. */
export function parsePaidAtVenue(value: unknown): AmountParse {
  if (typeof value !== "string") return { ok: false, message: DESK_MSG.amount };
  const text = value.trim().replace(",", ".");
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: DESK_MSG.amount };
  const [, francs, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: DESK_MSG.amountDecimals };
  const rappen = Number(francs) * 100 + Number(fraction.padEnd(2, "0"));
  if (rappen > PAID_AT_VENUE_MAX_RAPPEN) return { ok: false, message: DESK_MSG.amountTooLarge };
  return { ok: true, rappen };
}

export const ARRIVAL_LABELS: Record<string, string> = { arrived: "angekommen", no_show: "nicht erschienen" };

/** Arrival and no-show are facts of the booking's day: not before it. */
export function arrivalAllowed(bookingDate: string, today: string): boolean {
  return bookingDate <= today;
}

/**
 * What the family still owes at the counter, less what was recorded as paid at the venue: the
 * booking's amount when it is paid at the venue; for a booking paid online its open balance (a staff
 * correction that costs more, persons added on the day — issue #29 §2). Zero unless confirmed.
 */
export function openAmountRappen(b: { status: string; paymentStatus: string; amountRappen: number; paidAtVenueRappen: number; openBalanceRappen: number; paidByInvoiceRappen?: number }): number {
  if (b.status !== "confirmed") return 0;
  const owed = b.paymentStatus === "none" ? b.amountRappen : b.openBalanceRappen;
  // A paid invoice (issue #31 §2) counts like money at the counter.
  return Math.max(0, owed - b.paidAtVenueRappen - (b.paidByInvoiceRappen ?? 0));
}

export type NoteParse = { ok: true; text: string } | { ok: false; message: string };

export function parseNote(value: unknown): NoteParse {
  const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) return { ok: false, message: DESK_MSG.noteEmpty };
  if ([...text].length > NOTE_MAX_LENGTH) return { ok: false, message: DESK_MSG.noteTooLong };
  return { ok: true, text };
}

/** "Rückerstattung manuell erledigt" on a booking's page: an optional note (a transfer reference). */
export const REFUND_NOTE_MAX = 200;

export const REFUND_MSG = {
  none: "Für diese Buchung ist keine Rückerstattung offen.",
  inProgress: "Die Rückerstattung ist beim Zahlungsanbieter in Bearbeitung und wird automatisch erneut angefragt. Bitte nicht manuell erstatten.",
  noteTooLong: `Vermerk: höchstens ${REFUND_NOTE_MAX} Zeichen erlaubt.`,
  done: (code: string) => `${code}: Rückerstattung als manuell erledigt vermerkt.`,
} as const;
