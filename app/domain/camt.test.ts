import { describe, expect, it } from "vitest";
import { camt054 } from "../../tests/setup/camt";
import { CAMT_MSG, parseCamt054 } from "./camt";

const QRR = "210000000003139471430009017";
const SCOR = "RF18539007547034";

describe("parseCamt054", () => {
  for (const version of ["04", "08"] as const) {
    it(`reads the referenced credits of a .001.${version} file and skips debits, pending entries, other currencies and free text`, () => {
      const xml = camt054(
        [
          { txs: [{ reference: QRR, amount: "350.00", debtor: "Schule Buchholz" }, { reference: SCOR, type: "SCOR", amount: "175.50", debtor: "Muster AG" }] },
          { credit: false, txs: [{ reference: QRR, amount: "12.00" }] },
          { status: "PDNG", txs: [{ reference: QRR, amount: "99.00" }] },
          { currency: "EUR", txs: [{ reference: QRR, amount: "80.00" }] },
          { date: "2026-11-28", txs: [{ unstructured: "Geburtstag Mia", amount: "45.00" }, { reference: "21 00000 00003 13947 14300 09017", amount: "1.00" }] },
        ],
        { version },
      );
      const parsed = parseCamt054(xml);
      expect(parsed).toEqual({
        ok: true,
        skipped: 4,
        credits: [
          { reference: QRR, amountRappen: 35_000, bookingDate: "2026-11-27", debtorName: "Schule Buchholz", bankReference: "2026112900" + "00ZKB" },
          { reference: SCOR, amountRappen: 17_550, bookingDate: "2026-11-27", debtorName: "Muster AG", bankReference: "2026112900" + "01ZKB" },
          { reference: QRR, amountRappen: 100, bookingDate: "2026-11-28", debtorName: null, bankReference: "2026112900" + "41ZKB" },
        ],
      });
    });
  }

  it("refuses what is not a camt.054, and never expands entities", () => {
    expect(parseCamt054("<html><body>nein</body></html>")).toEqual({ ok: false, message: CAMT_MSG.notCamt });
    expect(parseCamt054("not xml at all <")).toEqual({ ok: false, message: CAMT_MSG.notCamt });
    expect(parseCamt054("")).toEqual({ ok: false, message: CAMT_MSG.notCamt });
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<Document><BkToCstmrDbtCdtNtfctn><Ntfctn><Ntry><Amt Ccy="CHF">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><NtryDtls><TxDtls><Amt Ccy="CHF">1.00</Amt>
<RmtInf><Strd><CdtrRefInf><Ref>&b;</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    const parsed = parseCamt054(bomb);
    if (parsed.ok) expect(parsed.credits.every((c) => c.reference.length < 20)).toBe(true);
    // An amount with more than two decimals or a sign is not read as money.
    const odd = parseCamt054(camt054([{ txs: [{ reference: QRR, amount: "-5.00" }, { reference: QRR, amount: "1.005" }] }]));
    expect(odd).toMatchObject({ ok: true, credits: [] });
  });
});
