import { describe, expect, it } from "vitest";
import {
  bookedInsideWindow,
  canSelfChange,
  formatLongDate,
  formatVenueInstant,
  lateBookingNotice,
  lateCancellationSentence,
  manageLinkReadable,
  selfServiceDeadline,
  selfServiceEndsNotice,
} from "./self-service";

describe("self-service deadline", () => {
  it("is 48 real hours before the start, shown in venue time", () => {
    const deadline = selfServiceDeadline({ date: "2026-12-05", startMin: 14 * 60 }, 48);
    expect(deadline.toISOString()).toBe("2026-12-03T13:00:00.000Z");
    expect(formatVenueInstant(deadline)).toBe("Donnerstag, 3. Dezember 2026, 14:00 Uhr");
  });

  it("counts real hours across the spring clock change (29 March 2026)", () => {
    // Start Sunday 10:00 CEST = 08:00Z; 48 h earlier is Friday 08:00Z = 09:00 CET.
    const deadline = selfServiceDeadline({ date: "2026-03-29", startMin: 600 }, 48);
    expect(deadline.toISOString()).toBe("2026-03-27T08:00:00.000Z");
    expect(formatVenueInstant(deadline)).toBe("Freitag, 27. März 2026, 09:00 Uhr");
  });

  it("counts real hours across the autumn clock change (25 October 2026)", () => {
    // Start Sunday 10:00 CET = 09:00Z; 48 h earlier is Friday 09:00Z = 11:00 CEST.
    const deadline = selfServiceDeadline({ date: "2026-10-25", startMin: 600 }, 48);
    expect(formatVenueInstant(deadline)).toBe("Freitag, 23. Oktober 2026, 11:00 Uhr");
  });

  it("allows changes up to and including the deadline, and only for confirmed bookings", () => {
    const b = { date: "2026-03-29", startMin: 600, status: "confirmed" };
    expect(canSelfChange(b, new Date("2026-03-27T08:00:00.000Z"), 48)).toBe(true);
    expect(canSelfChange(b, new Date("2026-03-27T08:00:00.001Z"), 48)).toBe(false);
    expect(canSelfChange({ ...b, status: "cancelled" }, new Date("2026-03-01T00:00:00Z"), 48)).toBe(false);
  });

  it("keeps the link readable until the given days after the date (venue days)", () => {
    expect(manageLinkReadable({ date: "2026-12-05" }, new Date("2026-12-19T22:59:00Z"), 14)).toBe(true);
    expect(manageLinkReadable({ date: "2026-12-05" }, new Date("2026-12-19T23:00:00Z"), 14)).toBe(false);
  });

  it("writes long German dates", () => {
    expect(formatLongDate("2026-12-02")).toBe("Mittwoch, 2. Dezember 2026");
  });

  it("says before a move into the window that online cancelling ends, with the deadline", () => {
    const now = new Date("2026-12-02T09:00:00Z"); // Wednesday 10:00 in Zurich
    // Friday 14:00: 52 hours away, the family keeps its online cancellation.
    expect(selfServiceEndsNotice({ date: "2026-12-04", startMin: 14 * 60 }, now, 48)).toBeNull();
    // Thursday 14:00: 28 hours away.
    expect(selfServiceEndsNotice({ date: "2026-12-03", startMin: 14 * 60 }, now, 48)).toBe(
      "Der neue Termin beginnt in weniger als 48 Stunden: Nach dieser Verschiebung ist eine Stornierung online nicht mehr möglich (nur bis 48 Stunden vor Beginn, für den neuen Termin also bis Dienstag, 1. Dezember 2026, 14:00 Uhr).",
    );
    // Exactly at the deadline the move still leaves it open (the deadline is inclusive).
    expect(selfServiceEndsNotice({ date: "2026-12-04", startMin: 10 * 60 }, now, 48)).toBeNull();
  });
});


describe("late bookings and the late fee (issue #28 §3, §5)", () => {
  it("tells a family before paying that a start inside the window cannot be changed online", () => {
    // Friday 4 June 2027 16:00 CEST starts 30 hours after Thursday 3 June 10:00 CEST.
    const target = { date: "2027-06-04", startMin: 16 * 60 };
    const now = new Date("2027-06-03T08:00:00Z");
    expect(lateBookingNotice(target, 48, now)).toBe(
      "Ihr Termin beginnt in weniger als 48 Stunden: Diese Buchung kann online nicht mehr storniert oder verschoben werden (AGB §4: nur bis 48 Stunden vor Beginn).",
    );
    expect(lateBookingNotice(target, 24, now)).toBeNull();
    expect(lateBookingNotice(target, 0, now)).toBeNull();
    expect(bookedInsideWindow({ ...target, createdAt: now }, 48)).toBe(true);
    expect(bookedInsideWindow({ ...target, createdAt: new Date("2027-06-01T08:00:00Z") }, 48)).toBe(false);
  });

  it("words the fee after the free deadline as the manager set it", () => {
    expect(lateCancellationSentence(100)).toBe("Bei späterer Absage oder Nichterscheinen wird der Betrag nicht zurückerstattet.");
    expect(lateCancellationSentence(30)).toContain("verrechnen wir 30 % des Betrags");
    expect(lateCancellationSentence(0)).toContain("erstatten wir den Betrag zurück");
  });
});
