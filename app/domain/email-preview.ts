import {
  cancellationEmail,
  changeEmail,
  confirmationEmail,
  headcountEmail,
  lateRefundEmail,
  manageLinkEmail,
  paymentLinkEmail,
  reminderEmail,
  type BookingEmailData,
  type EmailWords,
  type PlainEmail,
} from "./booking-email";
import type { EmailText, EmailTextKind, EmailTexts } from "./email-texts";
import { addDays } from "./time";
import type { VenueContact } from "./venue-contact";

/**
 * A made-up booking for the e-mail text preview on the settings page: every placeholder has a
 * value a manager recognises, and nothing of a real family is shown.
 */
export function sampleBooking(today: string, offerName: string): BookingEmailData {
  return {
    code: "FW-MUSTER",
    date: addDays(today, 10),
    startMin: 14 * 60,
    endMin: 16 * 60,
    offerName,
    numChildren: 8,
    numActiveAdults: 1,
    numAccompanyingAdults: 2,
    firstName: "Anna",
    lastName: "Muster",
    email: "anna.muster@example.ch",
    priceRappen: 40100,
    discountRappen: 0,
    amountRappen: 40100,
    voucherCode: null,
    status: "confirmed",
    paymentStatus: "settled",
  };
}

/** The message of one kind for the sample booking, in the text's language, with the text being edited (not yet saved). */
export function previewEmail(w: EmailWords, kind: EmailTextKind, text: EmailText, venue: VenueContact, today: string, offerName: string, origin: string): PlainEmail {
  const r = sampleBooking(today, offerName);
  const texts: EmailTexts = { [w.lang]: { [kind]: text } };
  const manageUrl = `${origin}/buchung/beispiel`;
  switch (kind) {
    case "confirmation":
      return confirmationEmail(w, r, venue, { texts, manageUrl, agbUrl: `${origin}/agb` });
    case "payment-link":
      return paymentLinkEmail(w, { ...r, status: "held", paymentStatus: "pending" }, venue, { url: `${origin}/zahlung/beispiel`, validUntil: new Date(Date.now() + 24 * 3600_000) }, texts);
    case "headcount":
      return headcountEmail(w, r, venue, { texts, manageUrl, deadline: addDays(r.date, -3), meals: [{ name: "Menü", choices: [{ choice: "Pizza Margherita", quantity: 5 }, { choice: "Hot Dog", quantity: 3 }] }] });
    case "reminder":
      return reminderEmail(w, r, venue, { texts, manageUrl });
    case "change":
      return changeEmail(w, r, venue, { date: addDays(r.date, -3), startMin: r.startMin, endMin: r.endMin }, { texts, manageUrl });
    case "cancellation":
      return cancellationEmail(w, { ...r, status: "cancelled" }, venue, null, { texts, manageUrl, refundRappen: r.amountRappen });
    case "refund":
      return lateRefundEmail(w, r, venue, "expired", texts);
    case "manage-link":
      return manageLinkEmail(w, r, venue, manageUrl, texts);
  }
}
