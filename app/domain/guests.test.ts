import { describe, expect, it } from "vitest";
import {
  bookingsAnonymisableBefore,
  GUEST_LIMITS,
  GUEST_TEXT,
  guestBrief,
  guestDataDeletableBefore,
  guestPlaces,
  guestStatuses,
  parseBring,
  parseGuestAnswer,
  parseRetention,
  type GuestRow,
} from "./guests";

const MEALS = [{ extraId: 1, name: "Menü", choices: ["Pizza Margherita", "Hot Dog"] }];

describe("a guest's answer", () => {
  it("needs only the name for a «no», and drops what a «no» does not need", () => {
    expect(parseGuestAnswer({ childName: "  Mia\u0007  B. ", attending: "nein", allergies: "Nüsse", phone: "079 123 45 67" }, MEALS)).toEqual({
      ok: true,
      answer: { childName: "Mia B.", attending: false, allergies: "", meals: {}, photoConsent: false, phone: "", email: null },
    });
  });

  it("needs a meal per meal, the photo answer and a phone for a «yes», every problem at once in the form's order", () => {
    const parsed = parseGuestAnswer({ childName: "", attending: "ja", "meal-1": "Sushi", phone: "abc", email: "x@" }, MEALS);
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { field: "childName", message: GUEST_TEXT.childNameMissing },
        { field: "meal-1", message: GUEST_TEXT.mealMissing("Menü") },
        { field: "photoConsent", message: GUEST_TEXT.photoMissing },
        { field: "phone", message: GUEST_TEXT.phoneInvalid },
        { field: "email", message: GUEST_TEXT.emailInvalid },
      ],
    });
    expect(parseGuestAnswer({ childName: "Noah", attending: "ja", "meal-1": "Hot Dog", photoConsent: "nein", phone: "079 123 45 67", email: "Eltern@Example.CH" }, MEALS)).toEqual({
      ok: true,
      answer: { childName: "Noah", attending: true, allergies: "", meals: { "1": "Hot Dog" }, photoConsent: false, phone: "079 123 45 67", email: "eltern@example.ch" },
    });
  });

  it("refuses what is too long, and an answer without yes or no", () => {
    const long = parseGuestAnswer({ childName: "x".repeat(GUEST_LIMITS.childName + 1), allergies: "y".repeat(GUEST_LIMITS.allergies + 1) }, []);
    expect(long.ok ? [] : long.problems.map((p) => p.message)).toEqual([GUEST_TEXT.childNameTooLong, GUEST_TEXT.attendingMissing, GUEST_TEXT.allergiesTooLong]);
  });
});

describe("places and the waiting list", () => {
  const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m));
  const reply = (id: number, attending: number, since: number | null, declined = false) => ({ id, attending, attendingSince: since === null ? null : at(since), hostDeclinedAt: declined ? at(99) : null });

  it("gives the places to the «yes» answers in the order they became a «yes»; the rest wait; the host's «no» and the guests' «no» are apart", () => {
    expect(guestPlaces(3)).toBe(2);
    expect(guestPlaces(0)).toBe(0);
    const statuses = guestStatuses([reply(1, 1, 5), reply(2, 1, 1), reply(3, 0, null), reply(4, 1, 3), reply(5, 1, 2, true), reply(6, 1, 3)], 2);
    expect(Object.fromEntries(statuses)).toEqual({ 1: "waiting", 2: "coming", 3: "notComing", 4: "coming", 5: "declinedByHost", 6: "waiting" });
  });

  it("briefs staff: allergies per child and who may not be photographed, of those who come", () => {
    const row = (childName: string, status: GuestRow["status"], allergies: string, photoConsent: boolean): GuestRow => ({ id: childName.length, childName, status, answer: "", allergies, meals: "", photo: "", photoConsent, phone: "" });
    expect(guestBrief([row("Mia", "coming", "Nüsse", true), row("Noah", "coming", "", false), row("Lia", "waiting", "Gluten", false)])).toMatchObject({
      allergies: [{ child: "Mia", text: "Nüsse" }],
      noPhotos: ["Noah"],
      waiting: 1,
    });
  });
});

describe("retention", () => {
  it("cuts by days for guests and by months for bookings", () => {
    expect(guestDataDeletableBefore("2027-03-31", 30)).toBe("2027-03-01");
    expect(bookingsAnonymisableBefore("2027-03-31", 24)).toBe("2025-03-31");
  });

  it("takes the manager's numbers within their limits only", () => {
    expect(parseRetention({ guestDays: "30", bookingMonths: "24" })).toEqual({ ok: true, guestDays: 30, bookingMonths: 24 });
    expect(parseRetention({ guestDays: "0", bookingMonths: "24" }).ok).toBe(false);
    expect(parseRetention({ guestDays: "30", bookingMonths: "121" }).ok).toBe(false);
    expect(parseRetention({ guestDays: "3e1", bookingMonths: "24" }).ok).toBe(false);
  });

  it("keeps the host's «what to bring» within its limit", () => {
    expect(parseBring(" Socken\r\nund Laune\u0000 ")).toBe("Socken\nund Laune");
    expect(parseBring("x".repeat(GUEST_LIMITS.bring + 1))).toBeNull();
  });
});
