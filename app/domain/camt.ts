import { XMLParser } from "fast-xml-parser";

/**
 * Bank statements as camt.054 (ISO 20022 «Bank to Customer Debit Credit Notification», the file Swiss
 * banks send for incoming QR-bill payments; versions .001.04 to .001.08, issue #31 §2): the credits
 * with a structured creditor reference (QRR or SCOR) that an invoice may carry. Everything else —
 * debits, entries not yet booked, other currencies, payments without a reference — is counted, not read.
 */

export type CamtCredit = {
  /** QR reference (27 digits) or creditor reference (RF…), without spaces, upper case. */
  reference: string;
  amountRappen: number;
  /** The booking day (YYYY-MM-DD), or null. */
  bookingDate: string | null;
  debtorName: string | null;
  /** The bank's own reference of the transaction or entry (for staff to find it in e-banking). */
  bankReference: string | null;
};

export type CamtResult = { ok: true; credits: CamtCredit[]; skipped: number } | { ok: false; message: string };

export const CAMT_MSG = {
  notCamt: "Die Datei ist keine camt.054-Bankmitteilung (XML). Bitte laden Sie die Gutschriftsanzeige aus dem E-Banking im Format camt.054 hoch.",
  tooLarge: "Die Datei ist zu gross (höchstens 1 MB).",
  noFile: "Bitte wählen Sie eine camt.054-Datei aus.",
} as const;

export const CAMT_MAX_BYTES = 1024 * 1024;

// Lists in the schema that may hold one element (the parser would make a single one an object).
const LISTS = new Set(["Ntfctn", "Ntry", "NtryDtls", "TxDtls", "Strd", "Ustrd"]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Entities are not expanded at all: no «billion laughs», no external files (the parser never reads any).
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Node)[key];
  }
  return current;
}

function text(node: unknown): string | null {
  if (typeof node === "string") return node;
  if (node && typeof node === "object" && typeof (node as Node)["#text"] === "string") return (node as Node)["#text"] as string;
  return null;
}

function list(node: unknown): unknown[] {
  return Array.isArray(node) ? node : node === undefined ? [] : [node];
}

/** «175.00» in francs → 17500 Rappen; anything else (more decimals, signs, words) → null. */
function rappenOf(amount: unknown): { rappen: number; currency: string | null } | null {
  const value = text(amount);
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const currency = amount && typeof amount === "object" ? ((amount as Node)["@Ccy"] as string | undefined) ?? null : null;
  return { rappen: Math.round(Number(value) * 100), currency };
}

/** `<Sts>BOOK</Sts>` (.04) or `<Sts><Cd>BOOK</Cd></Sts>` (.08). */
function booked(entry: unknown): boolean {
  const status = child(entry, "Sts");
  const code = text(status) ?? text(child(status, "Cd"));
  return code === null || code === "BOOK";
}

function referenceOf(tx: unknown): string | null {
  for (const strd of list(child(tx, "RmtInf", "Strd"))) {
    const ref = text(child(strd, "CdtrRefInf", "Ref"));
    if (ref) return ref.replace(/\s+/g, "").toUpperCase();
  }
  return null;
}

function debtorOf(tx: unknown): string | null {
  // .04: RltdPties/Dbtr/Nm; .08: RltdPties/Dbtr/Pty/Nm.
  return text(child(tx, "RltdPties", "Dbtr", "Nm")) ?? text(child(tx, "RltdPties", "Dbtr", "Pty", "Nm"));
}

export function parseCamt054(xml: string): CamtResult {
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    return { ok: false, message: CAMT_MSG.notCamt };
  }
  const root = child(doc, "Document", "BkToCstmrDbtCdtNtfctn");
  if (!root || typeof root !== "object") return { ok: false, message: CAMT_MSG.notCamt };
  const credits: CamtCredit[] = [];
  let skipped = 0;
  for (const notification of list(child(root, "Ntfctn"))) {
    for (const entry of list(child(notification, "Ntry"))) {
      const entryCredit = text(child(entry, "CdtDbtInd")) === "CRDT";
      const entryAmount = rappenOf(child(entry, "Amt"));
      const bookingDate = text(child(entry, "BookgDt", "Dt")) ?? text(child(entry, "BookgDt", "DtTm"))?.slice(0, 10) ?? null;
      const entryRef = text(child(entry, "AcctSvcrRef"));
      if (!entryCredit || !booked(entry)) {
        skipped += 1;
        continue;
      }
      const details = list(child(entry, "NtryDtls")).flatMap((d) => list(child(d, "TxDtls")));
      // An entry without details is one payment: its own amount and (rarely) its own remittance.
      const transactions = details.length > 0 ? details : [entry];
      for (const tx of transactions) {
        const indicator = text(child(tx, "CdtDbtInd"));
        const amount = rappenOf(child(tx, "Amt")) ?? (transactions.length === 1 ? entryAmount : null);
        const reference = referenceOf(tx);
        if ((indicator !== null && indicator !== "CRDT") || !amount || (amount.currency !== null && amount.currency !== "CHF") || !reference) {
          skipped += 1;
          continue;
        }
        credits.push({
          reference,
          amountRappen: amount.rappen,
          bookingDate: bookingDate && /^\d{4}-\d{2}-\d{2}$/.test(bookingDate) ? bookingDate : null,
          debtorName: debtorOf(tx),
          bankReference: text(child(tx, "Refs", "AcctSvcrRef")) ?? entryRef,
        });
      }
    }
  }
  return { ok: true, credits, skipped };
}
