import { describe, expect, it } from "vitest";
import { formatDateDE } from "./time";
import {
  closureNoticeEmail,
  cancellationEmail,
  changeEmail,
  confirmationEmail,
  manageLinkEmail,
  headcountEmail,
  reminderEmail,
  escapeHtml,
  foldLine,
  icsEscape,
  lateRefundEmail,
  paymentLinkEmail,
  type BookingEmailData,
} from "./booking-email";
import { GERMAN_EMAIL_WORDS as DE } from "./email-words";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "./venue-profile";

/** The sample venue, closed on Monday and Tuesday: the e-mails show the hours generated from these rules. */
const OPEN_WED_TO_SUN = [0, 3, 4, 5, 6].map((weekday) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: true, games: true }));
const VENUE = venueContactOf(DEFAULT_VENUE_PROFILE, OPEN_WED_TO_SUN);

const NOW = new Date("2026-03-01T09:15:30.123Z");

const booking: BookingEmailData = {
  code: "FW-7K3M9Q",
  date: "2026-03-28",
  startMin: 600,
  endMin: 720,
  offerName: "Geburtstag Classic",
  numChildren: 6,
  numActiveAdults: 1,
  numAccompanyingAdults: 2,
  firstName: "Anna",
  lastName: "Muster",
  email: "anna@example.ch",
  priceRappen: 20_200,
  discountRappen: 0,
  amountRappen: 20_200,
  voucherCode: null,
};

const withVoucher: BookingEmailData = { ...booking, discountRappen: 5_000, amountRappen: 15_200, voucherCode: "ABCD2345EFGH" };

/** RFC 5545 §3.1: a CRLF followed by one space or tab is removed when reading. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

function property(ics: string, name: string): string | undefined {
  return unfold(ics)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");
}

describe("confirmation e-mail", () => {
  const mail = confirmationEmail(DE, booking, VENUE, { now: NOW });

  it("links the AGB version the family accepted, in text and HTML (issue #28 §2)", () => {
    const withAgb = confirmationEmail(DE, booking, VENUE, { now: NOW, agbUrl: "https://funworld.example/agb/3" });
    expect(withAgb.text).toContain("Es gelten die AGB, die Sie bei der Buchung akzeptiert haben: https://funworld.example/agb/3");
    expect(withAgb.html).toContain("https://funworld.example/agb/3");
    expect(mail.text).not.toContain("Es gelten die AGB");
  });

  it("names the booking code, date and time in the subject", () => {
    expect(mail.subject).toContain("FW-7K3M9Q");
    expect(mail.subject).toContain("28.03.2026");
    expect(mail.subject).toContain("10:00 - 12:00 Uhr");
  });

  it("lists the booking, the persons by kind, the package and the total in the text", () => {
    expect(mail.text).toMatch(/Buchungscode:\s+FW-7K3M9Q/);
    expect(mail.text).toMatch(/Datum:\s+28\.03\.2026/);
    expect(mail.text).toMatch(/Zeit:\s+10:00 - 12:00 Uhr/);
    expect(mail.text).toMatch(/Paket:\s+Geburtstag Classic/);
    expect(mail.text).toMatch(/Personen:\s+9\n/);
    expect(mail.text).toMatch(/Kinder:\s+6\n/);
    expect(mail.text).toMatch(/Erwachsene \(mitspielend\):\s+1\n/);
    expect(mail.text).toMatch(/Erwachsene \(nur Begleitung\):\s+2\n/);
    expect(mail.text).toMatch(/Total:\s+CHF 202\.00/);
    expect(mail.text).toContain("Guten Tag Anna Muster");
  });

  it("shows no original price or voucher line when nothing was discounted", () => {
    expect(mail.text).not.toMatch(/Preis:/);
    expect(mail.text).not.toMatch(/Gutschein/);
  });

  it("shows the original price and the voucher with its code when one was redeemed", () => {
    const voucherMail = confirmationEmail(DE, withVoucher, VENUE, { now: NOW });
    expect(voucherMail.text).toMatch(/Preis:\s+CHF 202\.00/);
    expect(voucherMail.text).toMatch(/Gutschein \(ABCD2345EFGH\):\s+- CHF 50\.00/);
    expect(voucherMail.text).toMatch(/Total:\s+CHF 152\.00/);
    expect(voucherMail.html).toContain("Gutschein (ABCD2345EFGH)");
    expect(voucherMail.html).toContain("- CHF 50.00");
  });

  it("includes the arrival note, the venue contact and the opening hours", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("10-20 Minuten vor Ihrem Termin");
      expect(body).toContain("Industriestrasse 12");
      expect(body).toContain("8604 Volketswil");
      expect(body).toContain("+41 44 555 12 34");
      expect(body).toContain("info@funworld.ch");
      expect(body).toContain("Mo-Di geschlossen, Mi-So 10:00-22:00");
    }
  });

  it("formats thousands the Swiss way", () => {
    const big = confirmationEmail(DE, { ...booking, priceRappen: 123_450, amountRappen: 123_450 }, VENUE, { now: NOW });
    expect(big.text).toMatch(/Total:\s+CHF 1’234\.50|Total:\s+CHF 1'234\.50/);
  });

  it("escapes everything the family typed in the HTML", () => {
    const hostile = confirmationEmail(DE, 
      { ...booking, firstName: `<script>alert("x")</script>`, lastName: "O'Brien & Co", offerName: "Party <b>" },
      VENUE,
      { now: NOW },
    );
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<b>");
    expect(hostile.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(hostile.html).toContain("O&#39;Brien &amp; Co");
    expect(hostile.html).toContain("Party &lt;b&gt;");
    // The plain text part is not HTML and keeps the characters as typed.
    expect(hostile.text).toContain("O'Brien & Co");
  });

  it("is a German HTML document", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Buchungsbestätigung");
  });
});

describe("calendar entry (RFC 5545)", () => {
  const confirmation = confirmationEmail(DE, withVoucher, VENUE, { now: NOW });
  const cancellation = cancellationEmail(DE, withVoucher, VENUE, "Krankheit", { now: NOW });

  it("uses CRLF line endings only and keeps every line within 75 octets", () => {
    for (const { ics } of [confirmation, cancellation]) {
      expect(ics.endsWith("\r\n")).toBe(true);
      expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
  });

  it("publishes one event with a stable UID, DTSTAMP and UTC times", () => {
    const ics = confirmation.ics;
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(property(ics, "METHOD")).toBe("PUBLISH");
    expect(confirmation.icsMethod).toBe("PUBLISH");
    expect(property(ics, "UID")).toBe("FW-7K3M9Q@funworld.ch");
    expect(property(ics, "DTSTAMP")).toBe("20260301T091530Z");
    expect(property(ics, "SEQUENCE")).toBe("0");
    expect(property(ics, "STATUS")).toBe("CONFIRMED");
    // 28 March 2026 is still winter time (UTC+1).
    expect(property(ics, "DTSTART")).toBe("20260328T090000Z");
    expect(property(ics, "DTEND")).toBe("20260328T110000Z");
    expect(property(ics, "SUMMARY")).toBe("Geburtstag Classic bei Fun World");
    expect(property(ics, "LOCATION")).toBe("Fun World\\, Industriestrasse 12\\, 8604 Volketswil");
    expect(property(ics, "DESCRIPTION")).toContain("Buchungscode: FW-7K3M9Q\\n");
    expect(unfold(ics).filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("uses summer time from the day the clocks go forward, and winter time again after they go back", () => {
    const springForward = confirmationEmail(DE, { ...booking, date: "2026-03-29" }, VENUE, { now: NOW }).ics;
    expect(property(springForward, "DTSTART")).toBe("20260329T080000Z");
    expect(property(springForward, "DTEND")).toBe("20260329T100000Z");
    const fallBack = confirmationEmail(DE, { ...booking, date: "2026-10-25", startMin: 1200, endMin: 1320 }, VENUE, {
      now: NOW,
    }).ics;
    expect(property(fallBack, "DTSTART")).toBe("20261025T190000Z");
    expect(property(fallBack, "DTEND")).toBe("20261025T210000Z");
    const dayBefore = confirmationEmail(DE, { ...booking, date: "2026-10-24", startMin: 1200, endMin: 1320 }, VENUE, {
      now: NOW,
    }).ics;
    expect(property(dayBefore, "DTSTART")).toBe("20261024T180000Z");
  });

  it("cancels the same event with a higher SEQUENCE", () => {
    const ics = cancellation.ics;
    expect(property(ics, "METHOD")).toBe("CANCEL");
    expect(cancellation.icsMethod).toBe("CANCEL");
    expect(property(ics, "STATUS")).toBe("CANCELLED");
    expect(property(ics, "UID")).toBe(property(confirmation.ics, "UID"));
    expect(Number(property(ics, "SEQUENCE"))).toBeGreaterThan(Number(property(confirmation.ics, "SEQUENCE")));
    expect(property(ics, "DTSTART")).toBe(property(confirmation.ics, "DTSTART"));
    expect(unfold(ics)).toContain('ATTENDEE;CN="Anna Muster":mailto:anna@example.ch');
    expect(unfold(ics).some((l) => l.startsWith("ORGANIZER;"))).toBe(true);
  });

  it("escapes TEXT values so a comma, semicolon, backslash or newline cannot break the entry", () => {
    expect(icsEscape("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    const ics = confirmationEmail(DE, { ...booking, offerName: "Party; Spass, mehr\\Action\nNEU:X" }, VENUE, { now: NOW }).ics;
    expect(property(ics, "SUMMARY")).toBe("Party\\; Spass\\, mehr\\\\Action\\nNEU:X bei Fun World");
    expect(unfold(ics).some((l) => l.startsWith("NEU:"))).toBe(false);
  });

  it("strips quotes from parameter values", () => {
    const ics = cancellationEmail(DE, { ...booking, firstName: 'Anna "Ann"' }, VENUE, null, { now: NOW }).ics;
    expect(unfold(ics)).toContain('ATTENDEE;CN="Anna Ann Muster":mailto:anna@example.ch');
  });

  it("folds long lines at 75 octets without splitting a multi-byte character", () => {
    const line = `DESCRIPTION:${"ä".repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
    const exactly75 = `X:${"a".repeat(73)}`;
    expect(foldLine(exactly75)).toBe(exactly75);
    expect(foldLine(`${exactly75}b`)).toBe(`${exactly75}\r\n b`);
  });
});

describe("cancellation e-mail", () => {
  it("says the booking was cancelled, with the reason, escaped in HTML", () => {
    const mail = cancellationEmail(DE, booking, VENUE, "Kind krank <Fieber> & Husten", { now: NOW });
    expect(mail.subject).toContain("Stornierung");
    expect(mail.subject).toContain("FW-7K3M9Q");
    expect(mail.text).toContain("Ihre Buchung FW-7K3M9Q bei Fun World am 28.03.2026 wurde storniert.");
    expect(mail.text).toContain("Grund: Kind krank <Fieber> & Husten");
    expect(mail.html).toContain("Grund: Kind krank &lt;Fieber&gt; &amp; Husten");
    expect(mail.text).toMatch(/Zeit:\s+10:00 - 12:00 Uhr/);
    expect(mail.text).toContain("+41 44 555 12 34");
  });

  it("offers the manage link only to look at the cancelled booking, even when the caller says it is changeable (issue #29 §6)", () => {
    const mail = cancellationEmail(DE, booking, VENUE, null, { now: NOW, manageUrl: "https://example.test/buchung/t", changeableOnline: true });
    expect(mail.text).toContain("Buchung verwalten (ansehen): https://example.test/buchung/t");
    expect(mail.text).not.toContain("stornieren, verschieben");
  });

  it("says what goes back: the online payment and the voucher part", () => {
    const mail = cancellationEmail(DE, withVoucher, VENUE, null, { now: NOW, refundRappen: 15_200 });
    expect(mail.text).toContain("Der bezahlte Betrag von CHF 152.00 wird Ihnen zurückerstattet");
    expect(mail.text).toContain("Der mit dem Gutschein ABCD2345EFGH bezahlte Betrag von CHF 50.00 wird dem Gutschein wieder gutgeschrieben.");
    const unpaid = cancellationEmail(DE, booking, VENUE, null, { now: NOW });
    expect(unpaid.text).not.toContain("zurückerstattet");
    expect(unpaid.text).not.toContain("Gutschein");
  });

  it("leaves the reason out when none (or only blanks) was given", () => {
    expect(cancellationEmail(DE, booking, VENUE, undefined, { now: NOW }).text).not.toContain("Grund:");
    expect(cancellationEmail(DE, booking, VENUE, "   ", { now: NOW }).text).not.toContain("Grund:");
  });
});

describe("late-payment refund e-mail", () => {
  it("says the payment came after the hold ran out and how much goes back, without a calendar entry", () => {
    const mail = lateRefundEmail(DE, booking, VENUE);
    expect(mail.subject).toBe("Rückerstattung Ihrer Zahlung – Buchung FW-7K3M9Q, Fun World");
    expect(mail.text).toContain("erst nach Ablauf der Haltezeit");
    expect(mail.text).toContain("am 28.03.2026 um 10:00 - 12:00 Uhr");
    expect(mail.text).toContain("bezahlten Betrag von CHF 202.00 vollständig zurück");
    expect(mail.text).not.toContain("Gutschein");
    expect(mail).not.toHaveProperty("ics");
  });

  it("tells a family whose booking staff cancelled meanwhile why, and that their voucher stays", () => {
    const mail = lateRefundEmail(DE, { ...withVoucher, firstName: "<Anna>" }, VENUE, "cancelled");
    expect(mail.text).toContain("wurde storniert, bevor Ihre Zahlung bei uns eingetroffen ist");
    expect(mail.text).toContain("CHF 152.00");
    expect(mail.text).toContain("Der Betrag Ihres Gutscheins ABCD2345EFGH bleibt Ihnen erhalten.");
    expect(mail.html).toContain("&lt;Anna&gt;");
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("self-service messages", () => {
  const manageUrl = "https://buchung.funworld.ch/buchung/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

  it("puts the manage link into the confirmation, as text and as a button", () => {
    const mail = confirmationEmail(DE, booking, VENUE, { now: NOW, manageUrl });
    expect(mail.text).toContain(`Buchung verwalten (ansehen, stornieren, verschieben): ${manageUrl}`);
    expect(mail.html).toContain(`<a href="${manageUrl}"`);
    expect(mail.html).toContain(">Buchung verwalten</a>");
    expect(confirmationEmail(DE, booking, VENUE, { now: NOW }).text).not.toContain("Buchung verwalten");
  });

  it("updates the calendar entry on a move: REQUEST, same UID, the booking's revision, the new time", () => {
    const moved = { ...booking, startMin: 840, endMin: 960, sequence: 2 };
    const mail = changeEmail(DE, moved, VENUE, { date: booking.date, startMin: 600, endMin: 720 }, { now: NOW, manageUrl });
    expect(mail.icsMethod).toBe("REQUEST");
    const lines = unfold(mail.ics);
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain("UID:FW-7K3M9Q@funworld.ch");
    expect(lines).toContain("SEQUENCE:2");
    // 28 March 2026 is still winter time: 14:00 CET = 13:00Z.
    expect(lines).toContain("DTSTART:20260328T130000Z");
    expect(lines.some((l) => l.startsWith("ATTENDEE;") && l.endsWith(":mailto:anna@example.ch"))).toBe(true);
    expect(mail.text).toContain("vom 28.03.2026, 10:00 - 12:00 Uhr auf den 28.03.2026, 14:00 - 16:00 Uhr");
    expect(mail.text).toContain(manageUrl);
  });

  it("tells a persons change with its new price and where the money goes, same time, next revision", () => {
    const changed = { ...booking, numChildren: booking.numChildren - 2, priceRappen: booking.priceRappen - 5_800, amountRappen: booking.amountRappen - 5_800, sequence: 1 };
    const previousPersons = booking.numChildren + booking.numActiveAdults + booking.numAccompanyingAdults;
    const mail = changeEmail(DE, changed, VENUE, { date: booking.date, startMin: booking.startMin, endMin: booking.endMin, persons: previousPersons, priceRappen: booking.priceRappen }, {
      now: NOW,
      money: { refundRappen: 5_800, voucherCreditRappen: 0, paidRappen: 0, venueDeltaRappen: 0 },
    });
    expect(mail.subject).toMatch(/^Änderung Ihrer Buchung FW-7K3M9Q – am 28\.03\.2026/);
    expect(mail.text).toContain(`neu ${previousPersons - 2} statt ${previousPersons} Personen`);
    expect(mail.text).toContain("Neuer Preis:");
    expect(mail.text).toContain("CHF 58.00 werden Ihnen zurückerstattet");
    expect(unfold(mail.ics)).toContain("SEQUENCE:1");
  });

  it("a deposit booking's lower price lowers its balance, named as such, with its state rows and the balance link (issue #30 §3)", () => {
    const deposit = { lines: ["Anzahlung bezahlt: CHF 50.00", "Restbetrag offen: CHF 99.00, fällig bis 25.03.2026"], payUrl: `${manageUrl}/restbetrag` };
    const changed = { ...booking, numChildren: booking.numChildren - 2, priceRappen: booking.priceRappen - 5_800, amountRappen: booking.amountRappen - 5_800, sequence: 1, deposit };
    const mail = changeEmail(DE, changed, VENUE, { date: booking.date, startMin: booking.startMin, endMin: booking.endMin, priceRappen: booking.priceRappen }, {
      now: NOW,
      money: { refundRappen: 0, voucherCreditRappen: 0, paidRappen: 0, venueDeltaRappen: 0, openBalanceDeltaRappen: -5_800 },
    });
    expect(mail.text).toContain("Der Restbetrag sinkt um CHF 58.00.");
    expect(mail.text).not.toContain("Am Empfang");
    expect(mail.text).toMatch(/Restbetrag offen:\s+CHF 99\.00, fällig bis 25\.03\.2026/);
    expect(mail.text).toContain(`Restbetrag bezahlen (TWINT oder Kreditkarte): ${manageUrl}/restbetrag`);
    expect(mail.html).toContain(`${manageUrl}/restbetrag`);
  });

  it("cancels above the last revision", () => {
    expect(unfold(cancellationEmail(DE, { ...booking, sequence: 2 }, VENUE, null, { now: NOW }).ics)).toContain("SEQUENCE:3");
    expect(unfold(confirmationEmail(DE, booking, VENUE, { now: NOW }).ics)).toContain("SEQUENCE:0");
  });

  it("reminds with arrival, address, opening hours, what to bring and the link", () => {
    const mail = reminderEmail(DE, booking, VENUE, { manageUrl });
    for (const part of ["10-20 Minuten", "Industriestrasse 12, 8604 Volketswil", "Öffnungszeiten: Mo-Di geschlossen, Mi-So 10:00-22:00", "Bitte mitbringen", manageUrl]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.subject).toContain("28.03.2026");
  });

  it("asks for the final headcount with the deadline, the meals, the link to confirm and the balance link (issue #30 §4)", () => {
    const deposit = { lines: ["Anzahlung bezahlt: CHF 50.00", "Restbetrag offen: CHF 152.00, fällig bis 25.03.2026"], payUrl: `${manageUrl}/restbetrag` };
    const mail = headcountEmail(DE, { ...booking, firstName: "<Anna>", deposit }, VENUE, { manageUrl, deadline: "2026-03-25", meals: [{ name: "Menü", choices: [{ choice: "Hot Dog", quantity: 4 }, { choice: "Vegetarisch", quantity: 2 }] }] });
    expect(mail.subject).toBe("Schlusszahl für Ihre Feier am 28.03.2026: bitte bis 25.03.2026 bestätigen – Buchung FW-7K3M9Q, Fun World");
    expect(mail.text).toContain("Guten Tag <Anna> Muster");
    expect(mail.text).toContain("Bitte bestätigen Sie bis 25.03.2026 die Anzahl Personen und die Menüs");
    expect(mail.text).toContain(`Schlusszahl bestätigen: ${manageUrl}/schlusszahl`);
    expect(mail.text).toContain("Menü: Hot Dog: 4, Vegetarisch: 2");
    expect(mail.text).toMatch(/Kinder:\s+6/);
    expect(mail.text).toContain(`Restbetrag bezahlen (TWINT oder Kreditkarte): ${manageUrl}/restbetrag`);
    expect(mail.text).toContain(`telefonisch unter ${VENUE.phone}`);
    expect(mail.html).toContain("&lt;Anna&gt;");
    expect(mail.html).not.toContain("<Anna>");
    expect(mail.html).toContain("CHF 152.00, fällig bis 25.03.2026");
  });

  it("sends only the link and the code on request, escaped in HTML", () => {
    const mail = manageLinkEmail(DE, { ...booking, firstName: "<b>Anna</b>" }, VENUE, manageUrl);
    expect(mail.text).toContain(manageUrl);
    expect(mail.text).not.toContain("CHF");
    expect(mail.html).toContain("&lt;b&gt;Anna&lt;/b&gt;");
  });
});

describe("phone bookings (staff desk)", () => {
  it("says when the total is paid at the venue, and only then", () => {
    const atVenue = confirmationEmail(DE, { ...booking, status: "confirmed", paymentStatus: "none" }, VENUE, { now: NOW });
    expect(atVenue.text).toMatch(/Zahlung:\s+vor Ort an der Kasse/);
    expect(confirmationEmail(DE, { ...booking, status: "confirmed", paymentStatus: "settled" }, VENUE, { now: NOW }).text).not.toMatch(/vor Ort an der Kasse/);
    expect(confirmationEmail(DE, booking, VENUE, { now: NOW }).text).not.toMatch(/vor Ort an der Kasse/);
  });

  it("e-mails the payment link with the booking and the hold's end", () => {
    const mail = paymentLinkEmail(DE, booking, VENUE, { url: "https://pay.example/abc?x=<b>", validUntil: new Date("2026-03-02T09:00:00Z") });
    expect(mail.subject).toBe("Zahlungslink – Buchung FW-7K3M9Q, Fun World");
    expect(mail.text).toContain("https://pay.example/abc?x=<b>");
    expect(mail.text).toContain("CHF 202.00 bis 2. März 2026 um 10:00");
    expect(mail.html).toContain("https://pay.example/abc?x=&lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
  });
});

describe("the venue's profile in every e-mail", () => {
  const edited = venueContactOf(
    { ...DEFAULT_VENUE_PROFILE, name: "Spielhalle Sonnenberg", street: "Bahnhofstrasse 5", zip: "9490", city: "Vaduz", phone: "+4232345678", email: "hallo@sonnenberg.li", arrivalNote: "" },
    OPEN_WED_TO_SUN,
  );

  it("shows the edited name, address and phone, and scopes the calendar entry to its domain", () => {
    const mail = confirmationEmail(DE, booking, edited, { now: NOW });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Spielhalle Sonnenberg");
      expect(body).toContain("Bahnhofstrasse 5");
      expect(body).toContain("9490 Vaduz");
      expect(body).toContain("+423 234 56 78");
      expect(body).not.toContain("Fun World");
    }
    expect(property(mail.ics, "UID")).toBe("FW-7K3M9Q@sonnenberg.li");
    expect(property(mail.ics, "LOCATION")).toBe("Spielhalle Sonnenberg\\, Bahnhofstrasse 5\\, 9490 Vaduz");
  });

  it("leaves out an empty arrival note without an empty paragraph", () => {
    const mail = reminderEmail(DE, booking, edited, {});
    expect(mail.text).not.toContain("10-20 Minuten");
    expect(mail.text).not.toMatch(/\n\n\n/);
  });
});

describe("the manage link offers only what is possible (issue #28 §5)", () => {
  const url = "https://funworld.example/buchung/abc";
  it("offers cancelling and moving while the booking can still be changed online", () => {
    expect(confirmationEmail(DE, booking, VENUE, { now: NOW, manageUrl: url }).text).toContain(`Buchung verwalten (ansehen, stornieren, verschieben): ${url}`);
  });
  it("offers looking only once the self-service window has begun", () => {
    for (const mail of [
      confirmationEmail(DE, booking, VENUE, { now: NOW, manageUrl: url, changeableOnline: false }),
      reminderEmail(DE, booking, VENUE, { now: NOW, manageUrl: url, changeableOnline: false }),
    ]) {
      expect(mail.text).toContain(`Buchung verwalten (ansehen): ${url}`);
      expect(mail.text).not.toContain("stornieren, verschieben");
    }
  });
});

describe("closure notice and the venue's cancellation (issue #29 §3)", () => {
  const url = "https://example.test/buchung/abc";
  it("gives the reason and both ways on, escaped in HTML", () => {
    const mail = closureNoticeEmail(DE, booking, VENUE, { reason: "Wasserschaden <Keller>", manageUrl: url });
    expect(mail.subject).toBe(`Absage durch ${VENUE.name}: Ihr Termin am ${formatDateDE(booking.date)} (${booking.code})`);
    expect(mail.text).toContain("Grund: Wasserschaden <Keller>.");
    expect(mail.text).toContain(`Buchung verwalten (anderen Termin wählen oder stornieren): ${url}`);
    expect(mail.text).toContain("Beides geht auch nach der üblichen Frist.");
    expect(mail.html).toContain("Wasserschaden &lt;Keller&gt;");
    expect(mail.html).not.toContain("<Keller>");
  });

  it("says «von der Anlage abgesagt» when the venue cancelled", () => {
    const mail = cancellationEmail(DE, { ...booking, venueCancelled: 1 }, VENUE, "Von der Anlage abgesagt (Schliessung)", { now: NOW });
    expect(mail.subject).toMatch(/^Absage Ihrer Buchung /);
    expect(mail.text).toContain("Ihre Buchung wurde von der Anlage abgesagt");
    expect(cancellationEmail(DE, booking, VENUE, null, { now: NOW }).subject).toMatch(/^Stornierung Ihrer Buchung /);
  });
});

describe("the confirmation explains the price and the voucher's rest (issue #30 §3)", () => {
  it("lists the price lines, the voucher and what is left on it", () => {
    const game: BookingEmailData = {
      ...withVoucher,
      offerName: "Geburtstagspaket – Pixel Games",
      players: 9,
      rounds: 5,
      priceRappen: 28_900,
      discountRappen: 28_900,
      amountRappen: 0,
      priceLines: [
        { label: "Geburtstagspaket (3 Runden)", detail: null, amountRappen: 18_900 },
        { label: "Zusatzrunden", detail: "2 × CHF 50.00", amountRappen: 10_000 },
      ],
      voucherLeft: { rappen: 7_100, validUntil: "2027-06-30" },
    };
    const mail = confirmationEmail(DE, game, VENUE, { now: NOW });
    expect(mail.text).toMatch(/Geburtstagspaket \(3 Runden\):\s+CHF 189\.00/);
    expect(mail.text).toMatch(/Zusatzrunden:\s+2 × CHF 50\.00 = CHF 100\.00/);
    expect(mail.text).toMatch(/Restguthaben Gutschein:\s+CHF 71\.00 \(gültig bis 30\.06\.2027\)/);
    expect(mail.html).toContain("Restguthaben Gutschein");
    // No voucher, no rest; a booking without lines (older callers) shows none.
    expect(confirmationEmail(DE, { ...booking, voucherLeft: { rappen: 100, validUntil: "2027-01-01" } }, VENUE, { now: NOW }).text).not.toContain("Restguthaben");
    expect(confirmationEmail(DE, booking, VENUE, { now: NOW }).text).not.toContain("Zusatzrunden");
  });
});
