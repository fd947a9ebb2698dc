import { describe, expect, it } from "vitest";
import { CancelFormSchema } from "./cancel-form";
import { reservationTypeLabel } from "./reservation-types";

function errors(input: Record<string, unknown>) {
  const result = CancelFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe("cancel form rules (spec §5)", () => {
  it("requires a booking code", () => {
    expect(errors({ bookingCode: "" })).toEqual({ bookingCode: "Booking code is required" });
    expect(errors({ bookingCode: "   " })).toEqual({ bookingCode: "Booking code is required" });
    expect(errors({})).toEqual({ bookingCode: "Booking code is required" });
  });
  it("needs at least 3 characters after trimming", () => {
    expect(errors({ bookingCode: " ab " })).toEqual({ bookingCode: "Booking code must be at least 3 characters" });
  });
  it("accepts an empty reason but not a short one", () => {
    expect(errors({ bookingCode: "FW-ABC", reason: "  " })).toEqual({});
    expect(errors({ bookingCode: "FW-ABC", reason: " abcd " })).toEqual({ reason: "Reason must be at least 5 characters if provided" });
    expect(errors({ bookingCode: "FW-ABC", reason: "krank" })).toEqual({});
  });
  it("trims and upper-cases the code before sending", () => {
    expect(CancelFormSchema.parse({ bookingCode: "  fw-7k3m9q ", reason: "" })).toEqual({ bookingCode: "FW-7K3M9Q", reason: "" });
  });
});

describe("reservation type labels (spec §3)", () => {
  it("maps the known systems, shows unknown ones as given and a missing one as Unknown", () => {
    expect(reservationTypeLabel("BIRTHDAY_PARTY")).toBe("Geburtstagsfeier");
    expect(reservationTypeLabel("ESCAPE_ROOM_ADULT")).toBe("Escape Room (Erwachsene)");
    expect(reservationTypeLabel("ESCAPE_ROOM_KIDS")).toBe("Escape Room (Kinder)");
    expect(reservationTypeLabel("PIXEL_GAMES")).toBe("Pixel Games");
    expect(reservationTypeLabel("MIND_GOLF")).toBe("Mind Golf");
    expect(reservationTypeLabel("TICKET_SHOP")).toBe("Ticket-Shop");
    expect(reservationTypeLabel("LASER_TAG")).toBe("LASER_TAG");
    expect(reservationTypeLabel(undefined)).toBe("Unknown");
    expect(reservationTypeLabel("")).toBe("Unknown");
  });
});

describe("cancel form length limits", () => {
  it("refuses a reason over 1000 characters and a code over 40, naming the field in German", () => {
    const reason = CancelFormSchema.safeParse({ bookingCode: "FW-7K3M9Q", reason: "x".repeat(1001) });
    expect(reason.success).toBe(false);
    expect(reason.error?.issues[0]?.message).toBe("Stornierungsgrund: höchstens 1000 Zeichen erlaubt.");
    const code = CancelFormSchema.safeParse({ bookingCode: "F".repeat(41) });
    expect(code.error?.issues[0]?.message).toBe("Buchungscode: höchstens 40 Zeichen erlaubt.");
    expect(CancelFormSchema.safeParse({ bookingCode: "FW-7K3M9Q", reason: "x".repeat(1000) }).success).toBe(true);
  });
});
