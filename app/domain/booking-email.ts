import { cancellationMoneyLines, type CancellationSplit } from "./cancellation-terms";
import { partyRows } from "./party-details";
import type { SummaryLine } from "./pricing";
import { formatChf } from "./money";
import { RECEIPT_TEXT } from "./receipts";
import { formatDateDE, formatTime, venueToUtc } from "./time";
import { venueAddressLine, type VenueContact } from "./venue-contact";
import { VOUCHER_SALE_TEXT as VS } from "./voucher-sale";
import { emailParagraphs, emailTextFor, emailTextValues, type EmailTextKind, type EmailTexts } from "./email-texts";

/** The parts of a reservation an e-mail shows; a stored reservation row fits as it is. */
export type BookingEmailData = {
  code: string;
  /** `YYYY-MM-DD`, venue time. */
  date: string;
  /** Minutes after local midnight, venue time. */
  startMin: number;
  endMin: number;
  offerName: string;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
  /** Game bookings: players and rounds instead of the birthday breakdown. */
  players?: number | null;
  rounds?: number | null;
  firstName: string;
  lastName: string;
  email: string;
  priceRappen: number;
  discountRappen: number;
  amountRappen: number;
  voucherCode: string | null;
  /** Calendar revision of the booking (0 until it is moved). */
  sequence?: number;
  /** A confirmed booking with `paymentStatus` `none` was booked by staff to be paid at the venue. */
  status?: string;
  paymentStatus?: string;
  /** 1: the venue cancelled it (a closure, issue #29 §3): «von der Anlage abgesagt». */
  venueCancelled?: number;
  /** Staff corrections (issue #29 §2): a discount (< 0) or surcharge in the price, and what is still to be paid at the venue. */
  priceAdjustRappen?: number;
  priceAdjustReason?: string | null;
  openBalanceRappen?: number;
  /** The birthday child and allergies (issue #30 §1), when the family or staff gave them. */
  partyChildName?: string | null;
  partyChildAge?: number | null;
  partyNotes?: string | null;
  /** The price as lines (issue #30 §3: games like birthdays), built by the server; none in older callers. */
  priceLines?: SummaryLine[];
  /** What is left on the voucher this booking used, after it (issue #30 §3). */
  voucherLeft?: { rappen: number; validUntil: string } | null;
  /**
   * A deposit booking's payment state (issue #30 §3), worded by the server («Anzahlung bezahlt:
   * CHF 100.00», «Restbetrag offen: …, fällig bis …»), and where the family pays the balance online.
   */
  deposit?: { lines: string[]; payUrl: string | null } | null;
};

/** PUBLISH: the first entry; REQUEST: the same entry, moved (same UID, higher SEQUENCE); CANCEL: removed. */
export type IcsMethod = "PUBLISH" | "REQUEST" | "CANCEL";

/** A message without a calendar entry (nothing to put in or take out of the family's calendar). */
export type PlainEmail = { subject: string; text: string; html: string };

export type BookingEmail = PlainEmail & { ics: string; icsMethod: IcsMethod };

export type EmailOptions = {
  /** DTSTAMP: when the calendar object was created, i.e. when the mail is queued. */
  now?: Date;
  /** The family's personal manage link (`/buchung/<token>`), shown as "Buchung verwalten". */
  manageUrl?: string;
  /**
   * False when the booking can no longer be cancelled or moved online (inside the self-service
   * window): the link is then offered to look at the booking only, not to change it.
   */
  changeableOnline?: boolean;
  /** The AGB version the family accepted (`…/agb/<n>`), linked from the confirmation. */
  agbUrl?: string;
  /** The venue's edited introductions and closings (issue #28 §2); the defaults where none is stored. */
  texts?: EmailTexts;
};

/** The kind's introduction and closing with this booking's values, as paragraphs. */
function editableParts(kind: EmailTextKind, r: BookingEmailData, venue: VenueContact, texts: EmailTexts | undefined): { intro: string[]; closing: string[] } {
  const text = emailTextFor(texts, kind);
  const values = emailTextValues(r, venue);
  return { intro: emailParagraphs(text.intro, values), closing: emailParagraphs(text.closing, values) };
}

/**
 * A calendar client replaces an entry only when the SEQUENCE grows: the confirmation carries the
 * booking's revision (0), every move one more (the column counts them), and a cancellation always
 * comes after the last revision.
 */
function icsSequence(r: BookingEmailData, method: IcsMethod): number {
  const revision = r.sequence ?? 0;
  return method === "CANCEL" ? revision + 1 : revision;
}

export const MANAGE_LINK_LABEL = "Buchung verwalten";

/** «Restbetrag bezahlen: <link>» while a deposit booking's balance can be paid online (issue #30 §3). */
export const PAY_BALANCE_LABEL = "Restbetrag bezahlen";
function balanceLines(r: BookingEmailData): string[] {
  return r.deposit?.payUrl ? [`${PAY_BALANCE_LABEL} (TWINT oder Kreditkarte): ${r.deposit.payUrl}`] : [];
}

function manageLines(manageUrl: string | undefined, changeableOnline = true): string[] {
  if (!manageUrl) return [];
  return [`${MANAGE_LINK_LABEL} (${changeableOnline ? "ansehen, stornieren, verschieben" : "ansehen"}): ${manageUrl}`];
}

const PURPLE = "#6b21a8";

type Row = { label: string; value: string; strong?: boolean };

function fullName(r: BookingEmailData): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

function timeRange(r: { startMin: number; endMin: number }): string {
  return `${formatTime(r.startMin)} - ${formatTime(r.endMin)} Uhr`;
}

function persons(r: BookingEmailData): number {
  return r.numChildren + r.numActiveAdults + r.numAccompanyingAdults;
}

function detailRows(r: BookingEmailData): Row[] {
  const rows: Row[] = [
    { label: "Buchungscode", value: r.code, strong: true },
    { label: "Datum", value: formatDateDE(r.date) },
    { label: "Zeit", value: timeRange(r) },
    { label: "Paket", value: r.offerName },
    ...(r.players
      ? [
          { label: "Spieler", value: String(r.players) },
          { label: "Runden", value: `${r.rounds ?? 0} à 20 Minuten` },
        ]
      : [
          { label: "Personen", value: String(persons(r)) },
          { label: "Kinder", value: String(r.numChildren) },
          { label: "Erwachsene (mitspielend)", value: String(r.numActiveAdults) },
          { label: "Erwachsene (nur Begleitung)", value: String(r.numAccompanyingAdults) },
        ]),
    // What the family told us about the party, so they can check it (issue #30 §1).
    ...partyRows({ childName: r.partyChildName ?? null, childAge: r.partyChildAge ?? null, notes: r.partyNotes ?? null }).map(([label, value]) => ({ label, value: value.replace(/\s*\n\s*/g, "; ") })),
  ];
  // The price explained, line by line, as on the confirmation page.
  for (const line of r.priceLines ?? []) {
    const amount = line.amountRappen < 0 ? `- ${formatChf(-line.amountRappen)}` : formatChf(line.amountRappen);
    rows.push({ label: line.label, value: line.detail ? `${line.detail} = ${amount}` : amount });
  }
  // Like the confirmation page: the original price only matters when a voucher took something off.
  if (r.discountRappen > 0) {
    rows.push(
      { label: "Preis", value: formatChf(r.priceRappen) },
      {
        label: r.voucherCode ? `Gutschein (${r.voucherCode})` : "Gutschein",
        value: `- ${formatChf(r.discountRappen)}`,
      },
    );
  }
  rows.push({ label: "Total", value: formatChf(r.amountRappen), strong: true });
  if (r.voucherLeft && r.voucherCode) rows.push({ label: "Restguthaben Gutschein", value: `${formatChf(r.voucherLeft.rappen)} (gültig bis ${formatDateDE(r.voucherLeft.validUntil)})` });
  if (r.status === "confirmed" && r.paymentStatus === "none" && r.amountRappen > 0) rows.push({ label: "Zahlung", value: "vor Ort an der Kasse" });
  if (r.deposit && r.deposit.lines.length > 0) {
    // A deposit booking names its deposit and balance instead of «Am Empfang zu bezahlen».
    for (const line of r.deposit.lines) {
      const at = line.indexOf(": ");
      rows.push({ label: line.slice(0, at), value: line.slice(at + 2) });
    }
  } else if (r.status === "confirmed" && r.paymentStatus !== "none" && (r.openBalanceRappen ?? 0) > 0) {
    rows.push({ label: "Am Empfang zu bezahlen", value: formatChf(r.openBalanceRappen!) });
  }
  return rows;
}

/** The venue's arrival note, where it keeps one (an empty note leaves no empty paragraph). */
function arrivalNote(venue: VenueContact): string[] {
  return venue.arrivalNote ? [venue.arrivalNote] : [];
}

function contactLines(venue: VenueContact): string[] {
  return [
    venue.name,
    venue.street,
    `${venue.zip} ${venue.city}`,
    `Telefon: ${venue.phone}`,
    `E-Mail: ${venue.email}`,
    `Öffnungszeiten: ${venue.openingHours}`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Plain text

function textRows(rows: Row[]): string {
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  return rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value}`).join("\n");
}

// ---------------------------------------------------------------------------------------------
// HTML

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Paragraph text: escaped, line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

function htmlRows(rows: Row[]): string {
  return rows
    .map((row) => {
      const value = row.strong ? `<strong>${escapeHtml(row.value)}</strong>` : escapeHtml(row.value);
      return (
        `<tr><td style="padding:4px 16px 4px 0;color:#4b5563;vertical-align:top">${escapeHtml(row.label)}</td>` +
        `<td style="padding:4px 0;vertical-align:top">${value}</td></tr>`
      );
    })
    .join("\n");
}

function htmlDocument(options: {
  title: string;
  paragraphs: string[];
  rows: Row[];
  afterRows: string[];
  venue: VenueContact;
  manageUrl?: string;
}): string {
  const { title, paragraphs, rows, afterRows, venue, manageUrl } = options;
  const p = (text: string) => `<p style="margin:0 0 16px">${htmlText(text)}</p>`;
  const email = escapeHtml(venue.email);
  const phone = escapeHtml(venue.phone);
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3e8ff;font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;color:${PURPLE};font-size:24px;text-align:center">${escapeHtml(title)}</h1>
${paragraphs.map(p).join("\n")}
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">
${htmlRows(rows)}
</table>
${
  manageUrl
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:${PURPLE};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${MANAGE_LINK_LABEL}</a></p>\n`
    : ""
}${afterRows.map(p).join("\n")}
<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0 16px">
<p style="margin:0;color:#4b5563;font-size:13px">
<strong>${escapeHtml(venue.name)}</strong><br>
${escapeHtml(venue.street)}<br>
${escapeHtml(`${venue.zip} ${venue.city}`)}<br>
Telefon: <a href="${escapeHtml(venue.phoneHref)}" style="color:${PURPLE}">${phone}</a><br>
E-Mail: <a href="mailto:${email}" style="color:${PURPLE}">${email}</a><br>
Öffnungszeiten: ${escapeHtml(venue.openingHours)}
</p>
</div>
</div>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// iCalendar (RFC 5545)

/** TEXT values: backslash, semicolon, comma and line breaks are escaped; other controls dropped. */
export function icsEscape(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u001f\u007f]/g, "");
}

/** Parameter values (CN=…) cannot carry a quote or control characters at all, and are quoted. */
function icsParam(value: string): string {
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "")}"`;
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Lines longer than 75 octets are folded with CRLF + space; the space counts, and a UTF-8
 * sequence is never split, so a multi-byte character moves whole to the next line.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** `20260329T080000Z` */
export function icsUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** The booking's calendar entry (also the manage page's `.ics` download). */
export function bookingIcs(r: BookingEmailData, venue: VenueContact, method: IcsMethod, now: Date = new Date()): string {
  return buildIcs(r, venue, method, now);
}

function buildIcs(r: BookingEmailData, venue: VenueContact, method: IcsMethod, now: Date): string {
  const description = [
    `Buchungscode: ${r.code}`,
    `Paket: ${r.offerName}`,
    r.players
      ? `Spieler: ${r.players}, Runden: ${r.rounds ?? 0}`
      : `Personen: ${persons(r)} (Kinder: ${r.numChildren}, Erwachsene mitspielend: ${r.numActiveAdults}, Erwachsene nur Begleitung: ${r.numAccompanyingAdults})`,
    `Total: ${formatChf(r.amountRappen)}`,
    ...arrivalNote(venue),
    `${venue.name}, Telefon ${venue.phone}, ${venue.email}`,
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsEscape(venue.name)}//Buchung//DE`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${r.code}@${venue.domain}`,
    `DTSTAMP:${icsUtc(now)}`,
    `SEQUENCE:${icsSequence(r, method)}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `DTSTART:${icsUtc(venueToUtc(r.date, r.startMin))}`,
    `DTEND:${icsUtc(venueToUtc(r.date, r.endMin))}`,
    `SUMMARY:${icsEscape(`${method === "CANCEL" ? "Storniert: " : ""}${r.offerName} bei ${venue.name}`)}`,
    `LOCATION:${icsEscape(venueAddressLine(venue))}`,
    `DESCRIPTION:${icsEscape(description)}`,
    `ORGANIZER;CN=${icsParam(venue.name)}:mailto:${venue.email}`,
    // RFC 5546: REQUEST and CANCEL name the attendee they update or remove; PUBLISH has none.
    ...(method !== "PUBLISH" ? [`ATTENDEE;CN=${icsParam(fullName(r))}:mailto:${r.email}`] : []),
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

// ---------------------------------------------------------------------------------------------
// The two messages

export function confirmationEmail(r: BookingEmailData, venue: VenueContact, options: EmailOptions = {}): BookingEmail {
  const now = options.now ?? new Date();
  const title = "Buchungsbestätigung";
  const { intro, closing } = editableParts("confirmation", r, venue, options.texts);
  const calendarNote = "Den Termin finden Sie auch als Kalendereintrag im Anhang.";
  // The version accepted at booking, not today's text (issue #28 §2).
  const agbNote = options.agbUrl ? [`Es gelten die AGB, die Sie bei der Buchung akzeptiert haben: ${options.agbUrl}`] : [];
  // Receipts (issue #31 §1) are on the manage page: only where the e-mail links it.
  const receiptNote = options.manageUrl ? [RECEIPT_TEXT.emailReceipts] : [];
  const rows = detailRows(r);
  const text = [
    ...intro,
    textRows(rows),
    ...balanceLines(r),
    ...manageLines(options.manageUrl, options.changeableOnline),
    ...receiptNote,
    ...arrivalNote(venue),
    calendarNote,
    ...agbNote,
    ...closing,
    // "-- " on its own line is the signature delimiter mail clients recognise.
    ["-- ", ...contactLines(venue)].join("\n"),
  ].join("\n\n");
  return {
    subject: `${title} ${r.code} – ${venue.name}, ${formatDateDE(r.date)}, ${timeRange(r)}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs: intro, rows, afterRows: [...balanceLines(r), ...receiptNote, ...arrivalNote(venue), calendarNote, ...agbNote, ...closing], venue, manageUrl: options.manageUrl }),
    ics: buildIcs(r, venue, "PUBLISH", now),
    icsMethod: "PUBLISH",
  };
}

export function cancellationEmail(
  r: BookingEmailData,
  venue: VenueContact,
  reason?: string | null,
  options: EmailOptions & {
    /** What was paid online and goes back (everything else as a full refund). */
    refundRappen?: number;
    /** What staff chose to give back (issue #29 §1): online, onto the voucher, and the fee kept. */
    money?: CancellationSplit;
  } = {},
): BookingEmail {
  const now = options.now ?? new Date();
  const byVenue = r.venueCancelled === 1;
  const title = byVenue ? "Absage Ihrer Buchung durch die Anlage" : "Stornierung Ihrer Buchung";
  const { intro, closing } = editableParts("cancellation", r, venue, options.texts);
  const why = reason?.trim() ? `Grund: ${reason.trim()}` : null;
  // The money: what was paid goes back, and the voucher part returns to the voucher (AGB §5),
  // unless staff kept the AGB's fee (§4) — then the mail says how much.
  const split = options.money ?? { refundRappen: options.refundRappen ?? 0, voucherCreditRappen: r.discountRappen > 0 ? r.discountRappen : 0, keptRappen: 0 };
  const money = cancellationMoneyLines(split, r.voucherCode);
  const calendarNote = "Mit dem Kalendereintrag im Anhang können Sie den Termin aus Ihrem Kalender entfernen.";
  const rows = detailRows(r);
  const venueLine = byVenue ? [`Ihre Buchung wurde von der Anlage abgesagt (${venue.name}). Wir bitten um Entschuldigung.`] : [];
  const creditNote = split.refundRappen > 0 && options.manageUrl ? [RECEIPT_TEXT.emailCreditNote] : [];
  const paragraphs = [...intro, ...venueLine, ...(why ? [why] : []), ...money, ...creditNote];
  const text = [
    ...paragraphs,
    `Stornierte Buchung:\n\n${textRows(rows)}`,
    // A cancelled booking can only be looked at (issue #29 §6).
    ...manageLines(options.manageUrl, false),
    calendarNote,
    ...closing,
    // "-- " on its own line is the signature delimiter mail clients recognise.
    ["-- ", ...contactLines(venue)].join("\n"),
  ].join("\n\n");
  return {
    subject: `${byVenue ? "Absage Ihrer Buchung" : "Stornierung Ihrer Buchung"} ${r.code} – ${venue.name}, ${formatDateDE(r.date)}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: [calendarNote, ...closing], venue, manageUrl: options.manageUrl }),
    ics: buildIcs(r, venue, "CANCEL", now),
    icsMethod: "CANCEL",
  };
}

/**
 * A payment that arrived after the hold ran out, for a table that has meanwhile gone to another
 * family: the booking never became valid and the money goes back. The family paid and saw a page
 * saying so, but a page is easily closed; this message is their record.
 */
export function lateRefundEmail(r: BookingEmailData, venue: VenueContact, cause: "expired" | "cancelled" = "expired", texts?: EmailTexts): PlainEmail {
  const title = "Rückerstattung Ihrer Zahlung";
  const { intro: greeting, closing } = editableParts("refund", r, venue, texts);
  const what =
    cause === "cancelled"
      ? `Ihre Buchung ${r.code} für den ${formatDateDE(r.date)} um ${timeRange(r)} wurde storniert, bevor Ihre Zahlung bei uns eingetroffen ist.`
      : `Ihre Zahlung für die Buchung ${r.code} ist erst nach Ablauf der Haltezeit bei uns eingetroffen. ` +
        `Der gewählte Termin am ${formatDateDE(r.date)} um ${timeRange(r)} war inzwischen nicht mehr verfügbar, ` +
        "deshalb ist diese Buchung nicht zustande gekommen.";
  const refund = `Wir erstatten Ihnen den bezahlten Betrag von ${formatChf(r.amountRappen)} vollständig zurück. Je nach Zahlungsmittel erscheint die Gutschrift innerhalb weniger Tage.`;
  const voucher = r.discountRappen > 0 && r.voucherCode ? `Der Betrag Ihres Gutscheins ${r.voucherCode} bleibt Ihnen erhalten.` : null;
  const again = "Gerne können Sie online einen neuen Termin buchen. Bei Fragen erreichen Sie uns telefonisch oder per E-Mail.";
  const rows = detailRows(r);
  const paragraphs = [...greeting, what, refund, ...(voucher ? [voucher] : [])];
  const text = [
    ...paragraphs,
    `Nicht zustande gekommene Buchung:\n\n${textRows(rows)}`,
    again,
    ...closing,
    ["-- ", ...contactLines(venue)].join("\n"),
  ].join("\n\n");
  return {
    subject: `${title} – Buchung ${r.code}, ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: [again, ...closing], venue }),
  };
}

/** What a change did to the money (see app/domain/booking-change.ts). */
export type ChangeMoneyLines = {
  refundRappen: number;
  voucherCreditRappen: number;
  paidRappen: number;
  venueDeltaRappen: number;
  openBalanceDeltaRappen?: number;
  voucherIssue?: { code: string; amountRappen: number; validUntil: string } | null;
};

/** The booking before the change: its slot, and (when known) its persons and price. */
export type PreviousBooking = { date: string; startMin: number; endMin: number; persons?: number; priceRappen?: number; offerName?: string };

/**
 * The booking changed: another date or time, other persons, another table or game location. The
 * calendar entry is updated (same UID, next SEQUENCE); a new price comes with what it moved.
 */
export function changeEmail(r: BookingEmailData, venue: VenueContact, previous: PreviousBooking, options: EmailOptions & { money?: ChangeMoneyLines } = {}): BookingEmail {
  const now = options.now ?? new Date();
  const title = "Änderung Ihrer Buchung";
  const { intro: greeting, closing } = editableParts("change", r, venue, options.texts);
  const slotMoved = previous.date !== r.date || previous.startMin !== r.startMin || previous.endMin !== r.endMin;
  const personsChanged = previous.persons !== undefined && previous.persons !== persons(r);
  const offerChanged = previous.offerName !== undefined && previous.offerName !== r.offerName;
  const what = slotMoved
    ? `Ihre Buchung ${r.code} bei ${venue.name} wurde verschoben: vom ${formatDateDE(previous.date)}, ${timeRange(previous)} ` +
      `auf den ${formatDateDE(r.date)}, ${timeRange(r)}.`
    : personsChanged
      ? `Ihre Buchung ${r.code} bei ${venue.name} am ${formatDateDE(r.date)}, ${timeRange(r)} wurde geändert: neu ${persons(r)} statt ${previous.persons} Personen.`
      : `Ihre Buchung ${r.code} bei ${venue.name} am ${formatDateDE(r.date)}, ${timeRange(r)} wurde geändert.`;
  const offerLine = offerChanged ? `Neues Paket: ${r.offerName} (bisher ${previous.offerName}).` : null;
  const adjust = r.priceAdjustRappen ?? 0;
  const adjustLine =
    adjust !== 0 && previous.priceRappen !== undefined && previous.priceRappen !== r.priceRappen
      ? `Im Preis enthalten: ${adjust < 0 ? "Rabatt" : "Zuschlag"} von ${formatChf(Math.abs(adjust))}${r.priceAdjustReason ? ` (${r.priceAdjustReason})` : ""}.`
      : null;
  const money = options.money;
  const issued = money?.voucherIssue ?? null;
  const priceLines = [
    offerLine,
    previous.priceRappen !== undefined && previous.priceRappen !== r.priceRappen
      ? `Neuer Preis: ${formatChf(r.priceRappen)} (bisher ${formatChf(previous.priceRappen)}).`
      : null,
    adjustLine,
    money && money.paidRappen > 0 ? `Die Differenz von ${formatChf(money.paidRappen)} haben Sie online bezahlt.` : null,
    money && money.refundRappen > 0
      ? `${formatChf(money.refundRappen)} werden Ihnen zurückerstattet; je nach Zahlungsmittel erscheint die Gutschrift innerhalb weniger Tage.`
      : null,
    money && money.voucherCreditRappen > 0 ? `${formatChf(money.voucherCreditRappen)} werden dem Gutschein${r.voucherCode ? ` ${r.voucherCode}` : ""} wieder gutgeschrieben.` : null,
    money && money.venueDeltaRappen > 0 ? `An der Kasse sind ${formatChf(money.venueDeltaRappen)} mehr zu bezahlen.` : null,
    money && money.venueDeltaRappen < 0 ? `An der Kasse sind ${formatChf(-money.venueDeltaRappen)} weniger zu bezahlen.` : null,
    // A deposit booking's balance may be paid online too: it is «Restbetrag», not «am Empfang» (issue #30 §3).
    money && (money.openBalanceDeltaRappen ?? 0) > 0
      ? r.deposit
        ? `Der Restbetrag steigt um ${formatChf(money.openBalanceDeltaRappen!)}.`
        : `Die Differenz von ${formatChf(money.openBalanceDeltaRappen!)} bezahlen Sie bei uns am Empfang.`
      : null,
    money && (money.openBalanceDeltaRappen ?? 0) < 0
      ? r.deposit
        ? `Der Restbetrag sinkt um ${formatChf(-money.openBalanceDeltaRappen!)}.`
        : `Am Empfang sind ${formatChf(-money.openBalanceDeltaRappen!)} weniger zu bezahlen.`
      : null,
    issued
      ? `${formatChf(issued.amountRappen)} erhalten Sie als Gutschein: Code ${issued.code}, gültig bis ${formatDateDE(issued.validUntil)}. Sie können ihn bei Ihrer nächsten Buchung online oder am Empfang einlösen.`
      : null,
  ].filter((line): line is string => line !== null);
  const calendarNote = "Der Kalendereintrag im Anhang ersetzt den bisherigen Termin in Ihrem Kalender.";
  const rows = detailRows(r);
  const paragraphs = [...greeting, what, ...priceLines];
  const text = [
    ...paragraphs,
    `Neue Angaben:\n\n${textRows(rows)}`,
    ...balanceLines(r),
    ...manageLines(options.manageUrl, options.changeableOnline),
    ...arrivalNote(venue),
    calendarNote,
    ...closing,
    ["-- ", ...contactLines(venue)].join("\n"),
  ].join("\n\n");
  return {
    subject: `${title} ${r.code} – ${slotMoved ? "neu am" : "am"} ${formatDateDE(r.date)}, ${timeRange(r)}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: [...balanceLines(r), ...arrivalNote(venue), calendarNote, ...closing], venue, manageUrl: options.manageUrl }),
    ics: buildIcs(r, venue, "REQUEST", now),
    icsMethod: "REQUEST",
  };
}

/**
 * A paid difference that could not be applied (the booking was cancelled or changed meanwhile, or
 * the held slot was gone after its hold ran out): the booking stays as it is, the difference goes back.
 */
export function changeRefundEmail(r: BookingEmailData, venue: VenueContact, refundRappen: number, texts?: EmailTexts): PlainEmail {
  const title = "Rückerstattung Ihrer Zahlung";
  const { intro: greeting, closing } = editableParts("refund", r, venue, texts);
  const what =
    r.status === "confirmed"
      ? `Ihre Zahlung von ${formatChf(refundRappen)} für die Änderung Ihrer Buchung ${r.code} ist eingetroffen, als die Änderung nicht mehr möglich war. Ihre Buchung bleibt unverändert.`
      : `Ihre Zahlung von ${formatChf(refundRappen)} für die Änderung Ihrer Buchung ${r.code} ist eingetroffen, nachdem die Buchung storniert wurde.`;
  const refund = "Wir erstatten Ihnen diesen Betrag vollständig zurück. Je nach Zahlungsmittel erscheint die Gutschrift innerhalb weniger Tage.";
  const rows = detailRows(r);
  const paragraphs = [...greeting, what, refund];
  const text = [...paragraphs, `Ihre Buchung:\n\n${textRows(rows)}`, ...closing, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return {
    subject: `${title} – Buchung ${r.code}, ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: closing, venue }),
  };
}

export const BRING_NOTE = "Bitte mitbringen: Socken für alle Kinder (auch für mitspielende Erwachsene), bequeme Kleidung und eine Trinkflasche.";

/** Two days before: when, where, how early, what to bring; the manage link for last changes. */
export function reminderEmail(r: BookingEmailData, venue: VenueContact, options: EmailOptions = {}): PlainEmail {
  const title = "Erinnerung an Ihren Termin";
  const { intro, closing } = editableParts("reminder", r, venue, options.texts);
  const address = `Adresse: ${venueAddressLine(venue)}. Öffnungszeiten: ${venue.openingHours}.`;
  const rows = detailRows(r);
  const text = [
    ...intro,
    textRows(rows),
    ...arrivalNote(venue),
    address,
    BRING_NOTE,
    ...balanceLines(r),
    ...manageLines(options.manageUrl, options.changeableOnline),
    ...closing,
    ["-- ", ...contactLines(venue)].join("\n"),
  ].join("\n\n");
  return {
    subject: `${title}: ${formatDateDE(r.date)}, ${timeRange(r)} – Buchung ${r.code}, ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs: intro, rows, afterRows: [...arrivalNote(venue), address, BRING_NOTE, ...balanceLines(r), ...closing], venue, manageUrl: options.manageUrl }),
  };
}

/** «Schlusszahl bestätigen: <link>» — the headcount page of the manage link (issue #30 §4). */
export const HEADCOUNT_LINK_LABEL = "Schlusszahl bestätigen";

/**
 * A few days before the headcount deadline (issue #30 §4): the numbers and meals as booked, the
 * deadline, the link to confirm or change them, and the open balance with its link.
 */
export function headcountEmail(
  r: BookingEmailData,
  venue: VenueContact,
  options: { manageUrl: string; deadline: string; meals: string[]; texts?: EmailTexts },
): PlainEmail {
  const title = "Schlusszahl für Ihre Feier";
  const { intro, closing } = editableParts("headcount", r, venue, options.texts);
  const ask = `Bitte bestätigen Sie bis ${options.deadline} die Anzahl Personen und die Menüs, oder ändern Sie sie, falls sich etwas geändert hat. Der Preis wird dabei neu berechnet.`;
  const link = `${HEADCOUNT_LINK_LABEL}: ${options.manageUrl}/schlusszahl`;
  const after = `Nach dieser Frist lassen sich die Zahlen online nicht mehr ändern; erreichen Sie uns dann bitte telefonisch unter ${venue.phone}.`;
  const rows = detailRows(r);
  const meals = options.meals;
  const text = [...intro, ask, link, textRows(rows), ...meals, ...balanceLines(r), after, ...closing, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return {
    subject: `${title} am ${formatDateDE(r.date)}: bitte bis ${options.deadline} bestätigen – Buchung ${r.code}, ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs: [...intro, ask, link], rows, afterRows: [...meals, ...balanceLines(r), after, ...closing], venue, manageUrl: options.manageUrl }),
  };
}

/** Asked for on /buchung with the booking code and this address: only the link, nothing else. */
export function manageLinkEmail(r: BookingEmailData, venue: VenueContact, manageUrl: string, texts?: EmailTexts): PlainEmail {
  const title = "Ihr Link zur Buchung";
  const { intro, closing } = editableParts("manage-link", r, venue, texts);
  const ignore = "Falls Sie diesen Link nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihre Buchung bleibt unverändert.";
  const text = [...intro, ...manageLines(manageUrl), ignore, ...closing, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return {
    subject: `${title} ${r.code} – ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs: intro, rows: [{ label: "Buchungscode", value: r.code, strong: true }], afterRows: [ignore, ...closing], venue, manageUrl }),
  };
}

/**
 * A booking staff took by phone, to be paid online: the link to the normal payment page and how long
 * the table is held for it. The confirmation (with the calendar entry) follows once it is paid.
 */
export function paymentLinkEmail(r: BookingEmailData, venue: VenueContact, link: { url: string; validUntil: Date }, texts?: EmailTexts): PlainEmail {
  const title = "Ihre Buchung: bitte online bezahlen";
  const until = link.validUntil.toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "long", timeStyle: "short" });
  const { intro, closing } = editableParts("payment-link", r, venue, texts);
  const pay = `Bitte bezahlen Sie ${formatChf(r.amountRappen)} bis ${until} online über diesen Link:`;
  const after = "Nach der Zahlung erhalten Sie die Buchungsbestätigung mit dem Kalendereintrag. Ohne Zahlung bis zu diesem Zeitpunkt wird die Reservierung freigegeben.";
  const rows = detailRows(r);
  const text = [...intro, pay, link.url, `Reservierung:\n\n${textRows(rows)}`, after, ...closing, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  const html = htmlDocument({ title, paragraphs: [...intro, pay, link.url], rows, afterRows: [after, ...closing], venue });
  return { subject: `Zahlungslink – Buchung ${r.code}, ${venue.name}`, text: `${text}\n`, html };
}

/**
 * The open balance of a confirmed booking (a staff correction that costs more, issue #29 §2): what is
 * open, the site's payment link, and that it can be paid at the venue as well.
 */
export function balanceLinkEmail(r: BookingEmailData, venue: VenueContact, link: { url: string; amountRappen: number; validUntil: Date }, texts?: EmailTexts): PlainEmail {
  const title = "Offener Betrag Ihrer Buchung";
  const until = link.validUntil.toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "long", timeStyle: "short" });
  const { intro, closing } = editableParts("payment-link", r, venue, texts);
  const pay = `Aus der Änderung Ihrer Buchung ${r.code} sind noch ${formatChf(link.amountRappen)} offen. Sie können den Betrag bis ${until} online über diesen Link bezahlen oder bei uns am Empfang:`;
  const rows = detailRows(r);
  const text = [...intro, pay, link.url, `Ihre Buchung:\n\n${textRows(rows)}`, ...closing, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  const html = htmlDocument({ title, paragraphs: [...intro, pay, link.url], rows, afterRows: closing, venue });
  return { subject: `Offener Betrag – Buchung ${r.code}, ${venue.name}`, text: `${text}\n`, html };
}

/**
 * A closure that cancels the party (issue #29 §3): the venue's reason, and the family's two ways on —
 * another date or a free cancellation with everything back — through the manage link, whatever the
 * usual cut-off. The booking stays valid until the family chooses (or staff act).
 */
export function closureNoticeEmail(r: BookingEmailData, venue: VenueContact, notice: { reason: string; manageUrl: string }): PlainEmail {
  const title = "Wir müssen Ihren Termin absagen";
  const greeting = `Guten Tag ${fullName(r)}`;
  const paragraphs = [
    greeting,
    `Leider müssen wir Ihren Termin am ${formatDateDE(r.date)}, ${timeRange(r)}, absagen. Grund: ${notice.reason}. Es tut uns leid.`,
    "Bitte wählen Sie über den Link einen anderen Termin (ohne Mehrkosten) oder stornieren Sie kostenlos: Der online bezahlte Betrag wird vollständig zurückerstattet und ein eingelöster Gutscheinbetrag wieder gutgeschrieben. Beides geht auch nach der üblichen Frist.",
  ];
  const action = `${MANAGE_LINK_LABEL} (anderen Termin wählen oder stornieren): ${notice.manageUrl}`;
  const rows = detailRows(r);
  const text = [...paragraphs, action, `Ihre Buchung:\n\n${textRows(rows)}`, `Freundliche Grüsse\n${venue.name}`, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return {
    subject: `Absage durch ${venue.name}: Ihr Termin am ${formatDateDE(r.date)} (${r.code})`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: [`Freundliche Grüsse, ${venue.name}`], venue, manageUrl: notice.manageUrl }),
  };
}

/** A gift voucher bought online (issue #31 §3), once paid: the code in the text, the PDF attached (added when sent). */
export function voucherSoldEmail(
  sale: { buyerName: string; recipientName: string; code: string; amountRappen: number; validUntil: string; orderUrl: string },
  venue: VenueContact,
): PlainEmail {
  const title = VS.orderTitle;
  const intro = VS.mailIntro(sale.buyerName).split("\n\n");
  const rows: Row[] = [
    { label: VS.code, value: sale.code, strong: true },
    { label: VS.value, value: formatChf(sale.amountRappen) },
    { label: VS.validUntil, value: formatDateDE(sale.validUntil) },
    { label: VS.for, value: sale.recipientName },
  ];
  const after = [VS.pdfRedeem, `${VS.mailLink}\n${sale.orderUrl}`];
  const text = [...intro, textRows(rows), ...after, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return { subject: VS.mailSubject(venue.name), text: `${text}\n`, html: htmlDocument({ title, paragraphs: intro, rows, afterRows: after, venue }) };
}

/**
 * An invoice (issue #31 §2) for a booking paid by bank transfer: amount, due date and reference in the
 * text, the QR-bill PDF attached (added by the caller), the manage link to find it again.
 */
export function invoiceEmail(
  r: BookingEmailData,
  venue: VenueContact,
  invoice: { number: string; amountRappen: number; dueDate: string; reference: string; manageUrl: string },
): PlainEmail {
  const title = `Rechnung ${invoice.number}`;
  const paragraphs = [
    `Guten Tag ${fullName(r)}`,
    `Im Anhang finden Sie die Rechnung ${invoice.number} für Ihre Buchung ${r.code} mit dem QR-Zahlteil. Bitte bezahlen Sie ${formatChf(invoice.amountRappen)} bis ${formatDateDE(invoice.dueDate)} mit der Referenz ${invoice.reference} (in der Banking-App den QR-Code scannen).`,
  ];
  const rows = detailRows(r);
  const text = [...paragraphs, ...manageLines(invoice.manageUrl, false), `Ihre Buchung:\n\n${textRows(rows)}`, `Freundliche Grüsse\n${venue.name}`, ["-- ", ...contactLines(venue)].join("\n")].join("\n\n");
  return {
    subject: `Rechnung ${invoice.number} – Buchung ${r.code}, ${venue.name}`,
    text: `${text}\n`,
    html: htmlDocument({ title, paragraphs, rows, afterRows: [`Freundliche Grüsse, ${venue.name}`], venue, manageUrl: invoice.manageUrl }),
  };
}
