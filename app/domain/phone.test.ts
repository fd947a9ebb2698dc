import { describe, expect, it } from "vitest";
import { csvPhone, displayPhone, isDiallablePhone, storedPhone } from "./phone";

describe("families' phone numbers on the server (issue #28 §6)", () => {
  it("accepts numbers of the Swiss plan however they are written, and foreign ones by prefix or by the address's country", () => {
    for (const ok of ["079 123 45 67", "0791234567", "+41 79 123 45 67", "0041 79 123 45 67", "044/555.12.34", "+423 234 56 78", "+49 171 1234567"]) {
      expect(isDiallablePhone(ok), ok).toBe(true);
    }
    expect(isDiallablePhone("0171 1234567", "DE")).toBe(true);
    expect(isDiallablePhone("06 12 34 56 78", "FR")).toBe(true);
  });

  it("refuses what the browser lets through but no plan knows", () => {
    // Ten digits, plausible to the browser's check, but 01x is no Swiss area code.
    for (const bad of ["012 345 67 89", "079 12 34 56", "+41 00 000 00 00", "0171 1234567", "123"]) {
      expect(isDiallablePhone(bad), bad).toBe(false);
    }
    expect(isDiallablePhone("0171 1234567", "XX")).toBe(false);
  });

  it("stores E.164, Swiss first: a Swiss mobile of a family living in Germany stays Swiss", () => {
    expect(storedPhone("079 123 45 67")).toBe("+41791234567");
    expect(storedPhone(" 0041 44 555 12 34 ")).toBe("+41445551234");
    expect(storedPhone("079 123 45 67", "DE")).toBe("+41791234567");
    expect(storedPhone("0171 1234567", "DE")).toBe("+491711234567");
    // Unreadable (only older rows can be): kept as typed.
    expect(storedPhone(" 12 ")).toBe("12");
  });

  it("shows Swiss numbers as dialled here and others internationally; older rows as they were typed", () => {
    expect(displayPhone("+41791234567")).toBe("079 123 45 67");
    expect(displayPhone("+491711234567")).toBe("+49 171 1234567");
    expect(displayPhone("+4232345678")).toBe("+423 234 56 78");
    expect(displayPhone("079 555 66 78")).toBe("079 555 66 78");
    expect(displayPhone("0795556678")).toBe("079 555 66 78");
    expect(displayPhone("unbekannt")).toBe("unbekannt");
  });

  it("writes numbers for the CSV as E.164 text Excel keeps, and defuses anything else (issue #29 §5)", () => {
    expect(csvPhone("+41791234567")).toBe('="+41791234567"');
    expect(csvPhone("+4917112345678")).toBe('="+4917112345678"');
    // An unreadable older row: text with the usual guard, never a formula of ours around it.
    expect(csvPhone("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvPhone('+41" & HYPERLINK("x")')).toBe('\'+41" & HYPERLINK("x")');
    expect(csvPhone("kein Telefon")).toBe("kein Telefon");
  });
});
