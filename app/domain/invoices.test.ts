import { isQRReferenceValid, isSCORReferenceValid } from "swissqrbill/utils";
import { describe, expect, it } from "vitest";
import { invoiceNumber, isOverdue, parseDueDays, paymentReference } from "./invoices";

describe("invoices (issue #31 §2)", () => {
  it("makes a QR reference for a QR-IBAN and a creditor reference for an IBAN", () => {
    const qrr = paymentReference("CH4431999123000889012", 42);
    expect(qrr).toMatch(/^0{24}42\d$/);
    expect(isQRReferenceValid(qrr)).toBe(true);
    const scor = paymentReference("CH9300762011623852957", 42);
    expect(scor).toMatch(/^RF\d{2}FW42$/);
    expect(isSCORReferenceValid(scor)).toBe(true);
    expect(paymentReference("CH9300762011623852957", 43)).not.toBe(scor);
  });

  it("numbers, due days and overdue", () => {
    expect(invoiceNumber(7, 2026)).toBe("R-2026-000007");
    expect(parseDueDays("30")).toBe(30);
    expect(parseDueDays(" 5 ")).toBe(5);
    expect(parseDueDays("4")).toBeNull();
    expect(parseDueDays("91")).toBeNull();
    expect(parseDueDays("3.5")).toBeNull();
    expect(isOverdue({ status: "open", dueDate: "2026-11-28" }, "2026-11-29")).toBe(true);
    expect(isOverdue({ status: "open", dueDate: "2026-11-29" }, "2026-11-29")).toBe(false);
    expect(isOverdue({ status: "paid", dueDate: "2026-01-01" }, "2026-11-29")).toBe(false);
  });
});
