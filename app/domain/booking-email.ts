import type { CancellationSplit } from "./cancellation-terms";
import type { SummaryLine } from "./pricing";
import { ROUND_MINUTES } from "./games";
import { venueToUtc } from "./time";
import { venueAddressLine, type VenueContact } from "./venue-contact";
import { emailParagraphs, emailTextIn, emailTextValues, type EmailTextKind, type EmailTexts } from "./email-texts";
import { chfIn, dateIn, GERMAN_EMAIL_WORDS, momentIn, timeRangeIn, type EmailWords } from "./email-words";
import { LOCALE } from "~/i18n/locales";

export { GERMAN_EMAIL_WORDS, type EmailWords } from "./email-words";

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


/**
 * The kind's introduction and closing with this booking's values, as paragraphs, in the booking's
 * language: the venue's edited text where it has one in that language, else the built-in text of the
 * language; a text the venue kept only in German comes after a note saying so (issue #33 §2).
 */
function editableParts(w: EmailWords, kind: EmailTextKind, r: BookingEmailData, venue: VenueContact, texts: EmailTexts | undefined): { intro: string[]; closing: string[] } {
  const { text, german } = emailTextIn(texts, kind, w.lang);
  const values = emailTextValues(r, venue, w);
  const intro = emailParagraphs(text.intro, values);
  return { intro: german ? [w.say("venueGerman"), ...intro] : intro, closing: emailParagraphs(text.closing, values) };
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

export const MANAGE_LINK_LABEL = GERMAN_EMAIL_WORDS.say("manageLink");

/** «Restbetrag bezahlen: <link>» while a deposit booking's balance can be paid online (issue #30 §3). */
function balanceLines(w: EmailWords, r: BookingEmailData): string[] {
  return r.deposit?.payUrl ? [w.say("payBalance", { url: r.deposit.payUrl })] : [];
}

function manageLines(w: EmailWords, manageUrl: string | undefined, changeableOnline = true): string[] {
  if (!manageUrl) return [];
  return [w.say(changeableOnline ? "manageLinkChange" : "manageLinkView", { url: manageUrl })];
}

const PURPLE = "#6b21a8";

type Row = { label: string; value: string; strong?: boolean };

function fullName(r: BookingEmailData): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

function persons(r: BookingEmailData): number {
  return r.numChildren + r.numActiveAdults + r.numAccompanyingAdults;
}

/** A row's amount: `- CHF 50.00` for what comes off. */
function signedChf(w: EmailWords, rappen: number): string {
  return rappen < 0 ? `- ${chfIn(w, -rappen)}` : chfIn(w, rappen);
}

function detailRows(w: EmailWords, r: BookingEmailData): Row[] {
  const child = [r.partyChildName, r.partyChildAge != null ? w.say("childTurns", { age: r.partyChildAge }) : null].filter(Boolean).join(", ");
  const rows: Row[] = [
    { label: w.say("code"), value: r.code, strong: true },
    { label: w.say("date"), value: dateIn(w, r.date) },
    { label: w.say("time"), value: timeRangeIn(w, r) },
    { label: w.say("package"), value: r.offerName },
    ...(r.players
      ? [
          { label: w.say("players"), value: String(r.players) },
          { label: w.say("rounds"), value: w.say("roundsValue", { rounds: r.rounds ?? 0, minutes: ROUND_MINUTES }) },
        ]
      : [
          { label: w.say("persons"), value: String(persons(r)) },
          { label: w.say("children"), value: String(r.numChildren) },
          { label: w.say("activeAdults"), value: String(r.numActiveAdults) },
          { label: w.say("accompanyingAdults"), value: String(r.numAccompanyingAdults) },
        ]),
    // What the family told us about the party, so they can check it (issue #30 §1).
    ...(child ? [{ label: w.say("birthdayChild"), value: child }] : []),
    ...(r.partyNotes ? [{ label: w.say("notes"), value: r.partyNotes.replace(/\s*\n\s*/g, "; ") }] : []),
  ];
  // The price explained, line by line, as on the confirmation page (worded in the language by the server).
  for (const line of r.priceLines ?? []) {
    const amount = signedChf(w, line.amountRappen);
    rows.push({ label: line.label, value: line.detail ? `${line.detail} = ${amount}` : amount });
  }
  // Like the confirmation page: the original price only matters when a voucher took something off.
  if (r.discountRappen > 0) {
    rows.push(
      { label: w.say("price"), value: chfIn(w, r.priceRappen) },
      { label: r.voucherCode ? w.say("voucherWithCode", { code: r.voucherCode }) : w.say("voucher"), value: `- ${chfIn(w, r.discountRappen)}` },
    );
  }
  rows.push({ label: w.say("total"), value: chfIn(w, r.amountRappen), strong: true });
  if (r.voucherLeft && r.voucherCode) rows.push({ label: w.say("voucherLeft"), value: w.say("voucherLeftValue", { amount: chfIn(w, r.voucherLeft.rappen), date: dateIn(w, r.voucherLeft.validUntil) }) });
  if (r.status === "confirmed" && r.paymentStatus === "none" && r.amountRappen > 0) rows.push({ label: w.say("payment"), value: w.say("paymentAtVenue") });
  if (r.deposit && r.deposit.lines.length > 0) {
    // A deposit booking names its deposit and balance instead of «Am Empfang zu bezahlen»
    // (lines worded by the server in the language: «Acompte payé : …» splits before its colon too).
    for (const line of r.deposit.lines) {
      const at = line.indexOf(": ");
      rows.push({ label: line.slice(0, at).trimEnd(), value: line.slice(at + 2) });
    }
  } else if (r.status === "confirmed" && r.paymentStatus !== "none" && (r.openBalanceRappen ?? 0) > 0) {
    rows.push({ label: w.say("balanceAtDesk"), value: chfIn(w, r.openBalanceRappen!) });
  }
  return rows;
}

/** The venue's arrival note, where it keeps one (an empty note leaves no empty paragraph); typed in German. */
function arrivalNote(w: EmailWords, venue: VenueContact): string[] {
  if (!venue.arrivalNote) return [];
  return [w.lang === "de" ? venue.arrivalNote : `${w.say("venueGerman")} ${venue.arrivalNote}`];
}

function contactLines(w: EmailWords, venue: VenueContact): string[] {
  return [
    venue.name,
    venue.street,
    `${venue.zip} ${venue.city}`,
    w.say("phoneLine", { phone: venue.phone }),
    w.say("emailLine", { email: venue.email }),
    w.say("hoursLine", { hours: venue.openingHours }),
  ];
}

/** "-- " on its own line is the signature delimiter mail clients recognise. */
function signature(w: EmailWords, venue: VenueContact): string {
  return ["-- ", ...contactLines(w, venue)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Plain text

function textRows(rows: Row[]): string {
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  return rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value}`).join("\n");
}

/** A heading line («Ihre Buchung:») and the rows under it. */
function rowsUnder(heading: string, rows: Row[]): string {
  return `${heading}\n\n${textRows(rows)}`;
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

function htmlDocument(
  w: EmailWords,
  options: {
    title: string;
    paragraphs: string[];
    rows: Row[];
    afterRows: string[];
    venue: VenueContact;
    manageUrl?: string;
  },
): string {
  const { title, paragraphs, rows, afterRows, venue, manageUrl } = options;
  const p = (text: string) => `<p style="margin:0 0 16px">${htmlText(text)}</p>`;
  const email = escapeHtml(venue.email);
  const phone = escapeHtml(venue.phone);
  return `<!DOCTYPE html>
<html lang="${w.lang}">
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
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:${PURPLE};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(w.say("manageLink"))}</a></p>\n`
    : ""
}${afterRows.map(p).join("\n")}
<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0 16px">
<p style="margin:0;color:#4b5563;font-size:13px">
<strong>${escapeHtml(venue.name)}</strong><br>
${escapeHtml(venue.street)}<br>
${escapeHtml(`${venue.zip} ${venue.city}`)}<br>
${escapeHtml(w.say("phoneLabel"))} <a href="${escapeHtml(venue.phoneHref)}" style="color:${PURPLE}">${phone}</a><br>
${escapeHtml(w.say("emailLabel"))} <a href="mailto:${email}" style="color:${PURPLE}">${email}</a><br>
${escapeHtml(w.say("hoursLabel"))} ${escapeHtml(venue.openingHours)}
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


/** The booking's calendar entry (also the manage page's `.ics` download), in the booking's language. */
export function bookingIcs(w: EmailWords, r: BookingEmailData, venue: VenueContact, method: IcsMethod, now: Date = new Date()): string {
  return buildIcs(w, r, venue, method, now);
}

function buildIcs(w: EmailWords, r: BookingEmailData, venue: VenueContact, method: IcsMethod, now: Date): string {
  const description = [
    w.say("icsCodeLine", { code: r.code }),
    w.say("icsPackageLine", { offer: r.offerName }),
    r.players
      ? w.say("icsGame", { players: r.players, rounds: r.rounds ?? 0 })
      : w.say("icsParty", { total: persons(r), children: r.numChildren, active: r.numActiveAdults, accompanying: r.numAccompanyingAdults }),
    w.say("icsTotalLine", { amount: chfIn(w, r.amountRappen) }),
    ...arrivalNote(w, venue),
    w.say("icsVenueLine", { venue: venue.name, phone: venue.phone, email: venue.email }),
  ].join("\n");
  const summary = w.say(method === "CANCEL" ? "icsSummaryCancelled" : "icsSummary", { offer: r.offerName, venue: venue.name });
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsEscape(venue.name)}//Buchung//${w.lang.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${r.code}@${venue.domain}`,
    `DTSTAMP:${icsUtc(now)}`,
    `SEQUENCE:${icsSequence(r, method)}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `DTSTART:${icsUtc(venueToUtc(r.date, r.startMin))}`,
    `DTEND:${icsUtc(venueToUtc(r.date, r.endMin))}`,
    // RFC 5545 §3.2.10: the language of the entry's texts.
    `SUMMARY;LANGUAGE=${LOCALE[w.lang]}:${icsEscape(summary)}`,
    `LOCATION:${icsEscape(venueAddressLine(venue))}`,
    `DESCRIPTION;LANGUAGE=${LOCALE[w.lang]}:${icsEscape(description)}`,
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
// The messages (each in the booking's language: `w`)

export function confirmationEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, options: EmailOptions = {}): BookingEmail {
  const now = options.now ?? new Date();
  const title = w.say("confirmationTitle");
  const { intro, closing } = editableParts(w, "confirmation", r, venue, options.texts);
  const calendarNote = w.say("calendarAttached");
  // The version accepted at booking, not today's text (issue #28 §2).
  const agbNote = options.agbUrl ? [w.say("agbAccepted", { url: options.agbUrl })] : [];
  // Receipts (issue #31 §1) are on the manage page: only where the e-mail links it.
  const receiptNote = options.manageUrl ? [w.say("receiptsOnPage")] : [];
  const rows = detailRows(w, r);
  const text = [
    ...intro,
    textRows(rows),
    ...balanceLines(w, r),
    ...manageLines(w, options.manageUrl, options.changeableOnline),
    ...receiptNote,
    ...arrivalNote(w, venue),
    calendarNote,
    ...agbNote,
    ...closing,
    signature(w, venue),
  ].join("\n\n");
  return {
    subject: w.say("confirmationSubject", { code: r.code, venue: venue.name, date: dateIn(w, r.date), time: timeRangeIn(w, r) }),
    text: `${text}\n`,
    html: htmlDocument(w, {
      title,
      paragraphs: intro,
      rows,
      afterRows: [...balanceLines(w, r), ...receiptNote, ...arrivalNote(w, venue), calendarNote, ...agbNote, ...closing],
      venue,
      manageUrl: options.manageUrl,
    }),
    ics: buildIcs(w, r, venue, "PUBLISH", now),
    icsMethod: "PUBLISH",
  };
}

/** What was paid goes back, the voucher part returns to the voucher (AGB §5), and the fee staff kept (§4). */
function cancellationMoneyLines(w: EmailWords, split: CancellationSplit, voucherCode: string | null): string[] {
  return [
    split.refundRappen > 0 ? w.say("refundPaid", { amount: chfIn(w, split.refundRappen) }) : null,
    split.voucherCreditRappen > 0 && voucherCode ? w.say("voucherCredited", { code: voucherCode, amount: chfIn(w, split.voucherCreditRappen) }) : null,
    split.keptRappen > 0 ? w.say("feeKept", { amount: chfIn(w, split.keptRappen) }) : null,
  ].filter((line): line is string => line !== null);
}

export function cancellationEmail(
  w: EmailWords,
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
  const title = w.say(byVenue ? "cancellationByVenueTitle" : "cancellationTitle");
  const { intro, closing } = editableParts(w, "cancellation", r, venue, options.texts);
  const why = reason?.trim() ? w.say("reason", { reason: reason.trim() }) : null;
  // The money: what was paid goes back, and the voucher part returns to the voucher (AGB §5),
  // unless staff kept the AGB's fee (§4) — then the mail says how much.
  const split = options.money ?? { refundRappen: options.refundRappen ?? 0, voucherCreditRappen: r.discountRappen > 0 ? r.discountRappen : 0, keptRappen: 0 };
  const money = cancellationMoneyLines(w, split, r.voucherCode);
  const calendarNote = w.say("calendarRemove");
  const rows = detailRows(w, r);
  const venueLine = byVenue ? [w.say("cancelledByVenue", { venue: venue.name })] : [];
  const creditNote = split.refundRappen > 0 && options.manageUrl ? [w.say("creditNoteOnPage")] : [];
  const paragraphs = [...intro, ...venueLine, ...(why ? [why] : []), ...money, ...creditNote];
  const text = [
    ...paragraphs,
    rowsUnder(w.say("cancelledBooking"), rows),
    // A cancelled booking can only be looked at (issue #29 §6).
    ...manageLines(w, options.manageUrl, false),
    calendarNote,
    ...closing,
    signature(w, venue),
  ].join("\n\n");
  return {
    subject: w.say(byVenue ? "cancellationByVenueSubject" : "cancellationSubject", { code: r.code, venue: venue.name, date: dateIn(w, r.date) }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: [calendarNote, ...closing], venue, manageUrl: options.manageUrl }),
    ics: buildIcs(w, r, venue, "CANCEL", now),
    icsMethod: "CANCEL",
  };
}

/**
 * A payment that arrived after the hold ran out, for a table that has meanwhile gone to another
 * family: the booking never became valid and the money goes back. The family paid and saw a page
 * saying so, but a page is easily closed; this message is their record.
 */
export function lateRefundEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, cause: "expired" | "cancelled" = "expired", texts?: EmailTexts): PlainEmail {
  const title = w.say("refundTitle");
  const { intro: greeting, closing } = editableParts(w, "refund", r, venue, texts);
  const when = { code: r.code, date: dateIn(w, r.date), time: timeRangeIn(w, r) };
  const what = w.say(cause === "cancelled" ? "lateCancelled" : "lateExpired", when);
  const refund = w.say("lateRefund", { amount: chfIn(w, r.amountRappen) });
  const voucher = r.discountRappen > 0 && r.voucherCode ? w.say("lateVoucherKept", { code: r.voucherCode }) : null;
  const again = w.say("bookAgain");
  const rows = detailRows(w, r);
  const paragraphs = [...greeting, what, refund, ...(voucher ? [voucher] : [])];
  const text = [...paragraphs, rowsUnder(w.say("notBooked"), rows), again, ...closing, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("refundSubject", { code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: [again, ...closing], venue }),
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
export function changeEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, previous: PreviousBooking, options: EmailOptions & { money?: ChangeMoneyLines } = {}): BookingEmail {
  const now = options.now ?? new Date();
  const title = w.say("changeTitle");
  const { intro: greeting, closing } = editableParts(w, "change", r, venue, options.texts);
  const slotMoved = previous.date !== r.date || previous.startMin !== r.startMin || previous.endMin !== r.endMin;
  const personsChanged = previous.persons !== undefined && previous.persons !== persons(r);
  const offerChanged = previous.offerName !== undefined && previous.offerName !== r.offerName;
  const chf = (rappen: number) => chfIn(w, rappen);
  const when = { code: r.code, venue: venue.name, date: dateIn(w, r.date), time: timeRangeIn(w, r) };
  const what = slotMoved
    ? w.say("changeMoved", { ...when, fromDate: dateIn(w, previous.date), fromTime: timeRangeIn(w, previous) })
    : personsChanged
      ? w.say("changePersons", { ...when, persons: persons(r), before: previous.persons! })
      : w.say("changeOther", when);
  const offerLine = offerChanged ? w.say("changeOffer", { offer: r.offerName, before: previous.offerName! }) : null;
  const adjust = r.priceAdjustRappen ?? 0;
  const priceChanged = previous.priceRappen !== undefined && previous.priceRappen !== r.priceRappen;
  const adjustKey = adjust < 0 ? (r.priceAdjustReason ? "changeDiscountReason" : "changeDiscount") : r.priceAdjustReason ? "changeSurchargeReason" : "changeSurcharge";
  const adjustLine = adjust !== 0 && priceChanged ? w.say(adjustKey, { amount: chf(Math.abs(adjust)), reason: r.priceAdjustReason ?? "" }) : null;
  const money = options.money;
  const issued = money?.voucherIssue ?? null;
  const openDelta = money?.openBalanceDeltaRappen ?? 0;
  const priceLines = [
    offerLine,
    priceChanged ? w.say("changePrice", { amount: chf(r.priceRappen), before: chf(previous.priceRappen!) }) : null,
    adjustLine,
    money && money.paidRappen > 0 ? w.say("changePaidOnline", { amount: chf(money.paidRappen) }) : null,
    money && money.refundRappen > 0 ? w.say("changeRefund", { amount: chf(money.refundRappen) }) : null,
    money && money.voucherCreditRappen > 0
      ? r.voucherCode
        ? w.say("changeVoucherCreditCode", { amount: chf(money.voucherCreditRappen), code: r.voucherCode })
        : w.say("changeVoucherCredit", { amount: chf(money.voucherCreditRappen) })
      : null,
    money && money.venueDeltaRappen > 0 ? w.say("changeVenueMore", { amount: chf(money.venueDeltaRappen) }) : null,
    money && money.venueDeltaRappen < 0 ? w.say("changeVenueLess", { amount: chf(-money.venueDeltaRappen) }) : null,
    // A deposit booking's balance may be paid online too: it is «Restbetrag», not «am Empfang» (issue #30 §3).
    money && openDelta > 0 ? w.say(r.deposit ? "changeBalanceUp" : "changeDeskMore", { amount: chf(openDelta) }) : null,
    money && openDelta < 0 ? w.say(r.deposit ? "changeBalanceDown" : "changeDeskLess", { amount: chf(-openDelta) }) : null,
    issued ? w.say("changeVoucherIssued", { amount: chf(issued.amountRappen), code: issued.code, date: dateIn(w, issued.validUntil) }) : null,
  ].filter((line): line is string => line !== null);
  const calendarNote = w.say("calendarReplaces");
  const rows = detailRows(w, r);
  const paragraphs = [...greeting, what, ...priceLines];
  const text = [
    ...paragraphs,
    rowsUnder(w.say("newDetails"), rows),
    ...balanceLines(w, r),
    ...manageLines(w, options.manageUrl, options.changeableOnline),
    ...arrivalNote(w, venue),
    calendarNote,
    ...closing,
    signature(w, venue),
  ].join("\n\n");
  return {
    subject: w.say(slotMoved ? "changeSubjectMoved" : "changeSubject", { code: r.code, date: dateIn(w, r.date), time: timeRangeIn(w, r) }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: [...balanceLines(w, r), ...arrivalNote(w, venue), calendarNote, ...closing], venue, manageUrl: options.manageUrl }),
    ics: buildIcs(w, r, venue, "REQUEST", now),
    icsMethod: "REQUEST",
  };
}

/**
 * A paid difference that could not be applied (the booking was cancelled or changed meanwhile, or
 * the held slot was gone after its hold ran out): the booking stays as it is, the difference goes back.
 */
export function changeRefundEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, refundRappen: number, texts?: EmailTexts): PlainEmail {
  const title = w.say("refundTitle");
  const { intro: greeting, closing } = editableParts(w, "refund", r, venue, texts);
  const what = w.say(r.status === "confirmed" ? "changePaymentKept" : "changePaymentCancelled", { amount: chfIn(w, refundRappen), code: r.code });
  const refund = w.say("refundInFull");
  const rows = detailRows(w, r);
  const paragraphs = [...greeting, what, refund];
  const text = [...paragraphs, rowsUnder(w.say("yourBooking"), rows), ...closing, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("refundSubject", { code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: closing, venue }),
  };
}

export const BRING_NOTE = GERMAN_EMAIL_WORDS.say("bringNote");

/** Two days before: when, where, how early, what to bring; the manage link for last changes. */
export function reminderEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, options: EmailOptions = {}): PlainEmail {
  const title = w.say("reminderTitle");
  const { intro, closing } = editableParts(w, "reminder", r, venue, options.texts);
  const address = w.say("reminderAddress", { address: venueAddressLine(venue), hours: venue.openingHours });
  const bring = w.say("bringNote");
  const rows = detailRows(w, r);
  const text = [
    ...intro,
    textRows(rows),
    ...arrivalNote(w, venue),
    address,
    bring,
    ...balanceLines(w, r),
    ...manageLines(w, options.manageUrl, options.changeableOnline),
    ...closing,
    signature(w, venue),
  ].join("\n\n");
  return {
    subject: w.say("reminderSubject", { date: dateIn(w, r.date), time: timeRangeIn(w, r), code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs: intro, rows, afterRows: [...arrivalNote(w, venue), address, bring, ...balanceLines(w, r), ...closing], venue, manageUrl: options.manageUrl }),
  };
}

/** «Schlusszahl bestätigen: <link>» — the headcount page of the manage link (issue #30 §4). */
export const HEADCOUNT_LINK_LABEL = "Schlusszahl bestätigen";

/** A meal as counted: its name (the venue's) and the choices with their quantities. */
export type MealLine = { name: string; choices: readonly { choice: string; quantity: number }[] };

/** «Menü: Pizza Margherita: 5, Hot Dog: 3», or that nothing is chosen yet. */
function mealLine(w: EmailWords, meal: MealLine): string {
  const chosen = meal.choices.filter((c) => c.quantity > 0);
  return w.say("mealLine", { meal: meal.name, choices: chosen.length === 0 ? w.say("mealNothing") : chosen.map((c) => `${c.choice}: ${c.quantity}`).join(", ") });
}

/**
 * A few days before the headcount deadline (issue #30 §4): the numbers and meals as booked, the
 * deadline (`YYYY-MM-DD`), the link to confirm or change them, and the open balance with its link.
 */
export function headcountEmail(
  w: EmailWords,
  r: BookingEmailData,
  venue: VenueContact,
  options: { manageUrl: string; deadline: string; meals: readonly MealLine[]; texts?: EmailTexts },
): PlainEmail {
  const title = w.say("headcountTitle");
  const deadline = dateIn(w, options.deadline);
  const { intro, closing } = editableParts(w, "headcount", r, venue, options.texts);
  const ask = w.say("headcountAsk", { deadline });
  const link = w.say("headcountLink", { url: `${options.manageUrl}/schlusszahl` });
  const after = w.say("headcountAfter", { phone: venue.phone });
  const rows = detailRows(w, r);
  const meals = options.meals.map((m) => mealLine(w, m));
  const text = [...intro, ask, link, textRows(rows), ...meals, ...balanceLines(w, r), after, ...closing, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("headcountSubject", { date: dateIn(w, r.date), deadline, code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs: [...intro, ask, link], rows, afterRows: [...meals, ...balanceLines(w, r), after, ...closing], venue, manageUrl: options.manageUrl }),
  };
}

/** Asked for on /buchung with the booking code and this address: only the link, nothing else. */
export function manageLinkEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, manageUrl: string, texts?: EmailTexts): PlainEmail {
  const title = w.say("manageLinkTitle");
  const { intro, closing } = editableParts(w, "manage-link", r, venue, texts);
  const ignore = w.say("manageLinkIgnore");
  const text = [...intro, ...manageLines(w, manageUrl), ignore, ...closing, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("manageLinkSubject", { code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs: intro, rows: [{ label: w.say("code"), value: r.code, strong: true }], afterRows: [ignore, ...closing], venue, manageUrl }),
  };
}

/**
 * A booking staff took by phone, to be paid online: the link to the normal payment page and how long
 * the table is held for it. The confirmation (with the calendar entry) follows once it is paid.
 */
export function paymentLinkEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, link: { url: string; validUntil: Date }, texts?: EmailTexts): PlainEmail {
  const title = w.say("paymentLinkTitle");
  const { intro, closing } = editableParts(w, "payment-link", r, venue, texts);
  const pay = w.say("paymentLinkPay", { amount: chfIn(w, r.amountRappen), until: momentIn(w, link.validUntil) });
  const after = w.say("paymentLinkAfter");
  const rows = detailRows(w, r);
  const text = [...intro, pay, link.url, rowsUnder(w.say("reservationLabel"), rows), after, ...closing, signature(w, venue)].join("\n\n");
  const html = htmlDocument(w, { title, paragraphs: [...intro, pay, link.url], rows, afterRows: [after, ...closing], venue });
  return { subject: w.say("paymentLinkSubject", { code: r.code, venue: venue.name }), text: `${text}\n`, html };
}

/**
 * The open balance of a confirmed booking (a staff correction that costs more, issue #29 §2): what is
 * open, the site's payment link, and that it can be paid at the venue as well.
 */
export function balanceLinkEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, link: { url: string; amountRappen: number; validUntil: Date }, texts?: EmailTexts): PlainEmail {
  const title = w.say("balanceTitle");
  const { intro, closing } = editableParts(w, "payment-link", r, venue, texts);
  const pay = w.say("balancePay", { code: r.code, amount: chfIn(w, link.amountRappen), until: momentIn(w, link.validUntil) });
  const rows = detailRows(w, r);
  const text = [...intro, pay, link.url, rowsUnder(w.say("yourBooking"), rows), ...closing, signature(w, venue)].join("\n\n");
  const html = htmlDocument(w, { title, paragraphs: [...intro, pay, link.url], rows, afterRows: closing, venue });
  return { subject: w.say("balanceSubject", { code: r.code, venue: venue.name }), text: `${text}\n`, html };
}

/**
 * A closure that cancels the party (issue #29 §3): the venue's reason, and the family's two ways on —
 * another date or a free cancellation with everything back — through the manage link, whatever the
 * usual cut-off. The booking stays valid until the family chooses (or staff act).
 */
export function closureNoticeEmail(w: EmailWords, r: BookingEmailData, venue: VenueContact, notice: { reason: string; manageUrl: string }): PlainEmail {
  const title = w.say("closureTitle");
  const paragraphs = [
    w.say("greeting", { name: fullName(r) }),
    w.say("closureWhy", { date: dateIn(w, r.date), time: timeRangeIn(w, r), reason: notice.reason }),
    w.say("closureChoice"),
  ];
  const action = w.say("closureAction", { url: notice.manageUrl });
  const rows = detailRows(w, r);
  const regards = w.say("regards");
  const text = [...paragraphs, action, rowsUnder(w.say("yourBooking"), rows), `${regards}\n${venue.name}`, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("closureSubject", { venue: venue.name, date: dateIn(w, r.date), code: r.code }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: [`${regards}, ${venue.name}`], venue, manageUrl: notice.manageUrl }),
  };
}

/**
 * A gift voucher bought online (issue #31 §3), once paid: the code in the text, the PDF attached
 * (added when sent). In the order's language (issue #33: the voucher shop's page it was ordered on).
 */
export function voucherSoldEmail(
  w: EmailWords,
  sale: { buyerName: string; recipientName: string; code: string; amountRappen: number; validUntil: string; orderUrl: string },
  venue: VenueContact,
): PlainEmail {
  const title = w.say("voucherSoldTitle");
  const intro = [w.say("greeting", { name: sale.buyerName }), w.say("voucherSoldThanks")];
  const rows: Row[] = [
    { label: w.say("voucherSoldCode"), value: sale.code, strong: true },
    { label: w.say("voucherSoldValue"), value: chfIn(w, sale.amountRappen) },
    { label: w.say("voucherSoldValidUntil"), value: dateIn(w, sale.validUntil) },
    { label: w.say("voucherSoldFor"), value: sale.recipientName },
  ];
  const after = [w.say("voucherSoldRedeem"), `${w.say("voucherSoldLink")}\n${sale.orderUrl}`];
  const text = [...intro, textRows(rows), ...after, signature(w, venue)].join("\n\n");
  return { subject: w.say("voucherSoldSubject", { venue: venue.name }), text: `${text}\n`, html: htmlDocument(w, { title, paragraphs: intro, rows, afterRows: after, venue }) };
}

/**
 * An invoice (issue #31 §2) for a booking paid by bank transfer: amount, due date and reference in the
 * text, the QR-bill PDF attached (added by the caller), the manage link to find it again.
 */
export function invoiceEmail(
  w: EmailWords,
  r: BookingEmailData,
  venue: VenueContact,
  invoice: { number: string; amountRappen: number; dueDate: string; reference: string; manageUrl: string },
): PlainEmail {
  const title = w.say("invoiceTitle", { number: invoice.number });
  const paragraphs = [
    w.say("greeting", { name: fullName(r) }),
    w.say("invoiceText", { number: invoice.number, code: r.code, amount: chfIn(w, invoice.amountRappen), due: dateIn(w, invoice.dueDate), reference: invoice.reference }),
  ];
  const rows = detailRows(w, r);
  const regards = w.say("regards");
  const text = [...paragraphs, ...manageLines(w, invoice.manageUrl, false), rowsUnder(w.say("yourBooking"), rows), `${regards}\n${venue.name}`, signature(w, venue)].join("\n\n");
  return {
    subject: w.say("invoiceSubject", { number: invoice.number, code: r.code, venue: venue.name }),
    text: `${text}\n`,
    html: htmlDocument(w, { title, paragraphs, rows, afterRows: [`${regards}, ${venue.name}`], venue, manageUrl: invoice.manageUrl }),
  };
}
