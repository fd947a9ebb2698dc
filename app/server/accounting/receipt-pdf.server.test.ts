import { describe, expect, it } from "vitest";
import { pdfResponse } from "./receipt-pdf.server";

describe("pdfResponse", () => {
  it("serves a file answer (with or without its kind) as a PDF download, a limited one as 429, none as 404", async () => {
    const body = Buffer.from("%PDF-1.7");
    for (const file of [{ body, fileName: "quittung-Q-2026-000001.pdf" }, { kind: "file" as const, body, fileName: "quittung-Q-2026-000001.pdf" }]) {
      const ok = pdfResponse(file, { "Cache-Control": "no-store" });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Content-Type")).toBe("application/pdf");
      expect(ok.headers.get("Content-Disposition")).toBe('attachment; filename="quittung-Q-2026-000001.pdf"');
      expect(Buffer.from(await ok.arrayBuffer()).toString()).toBe("%PDF-1.7");
    }
    const limited = pdfResponse({ kind: "limited", retryAfterSeconds: 42 }, {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("42");
    expect(await limited.text()).toContain("Zu viele Downloads");
    expect(pdfResponse(null, {}).status).toBe(404);
  });
});
