import { formatChf } from "./money";
import { partyChanges, type PartyDetails } from "./party-details";
import { formatDateDE, formatTime } from "./time";

/**
 * The booking history as staff read it (issue #29 §5): every audit row becomes one German sentence
 * with who did it — no JSON, no Rappen, no minutes after midnight, no table ids. The rows keep their
 * raw details (the audit log is the record); this only reads them.
 */
export type AuditEntry = { actor: string; action: string; details: Record<string, unknown> };
/** Names of tables and game locations by id, for moves between them. */
export type AuditNames = { tables: Readonly<Record<number, string>>; locations: Readonly<Record<number, string>> };

const ACTORS: Record<string, string> = {
  customer: "Die Familie (Buchung verwalten)",
  system: "Das System",
  "api-token": "Die Stornierungs-API",
};

/** `staff:lea@funworld.ch` → `lea@funworld.ch`; the family, the system and the API by name. */
export function auditActor(actor: string): string {
  return actor.startsWith("staff:") ? actor.slice("staff:".length) : (ACTORS[actor] ?? actor);
}

const REFUND_REASONS: Record<string, string> = {
  cancel: "Stornierung",
  change: "Änderung der Buchung",
  duplicate: "doppelte Zahlung",
  late: "Zahlung nach Ablauf der Haltezeit",
  unmatched: "Zahlung ohne passende Buchung",
};

type Snapshot = {
  date?: string;
  startMin?: number;
  endMin?: number;
  tableId?: number | null;
  locationId?: number | null;
  numChildren?: number;
  numActiveAdults?: number;
  numAccompanyingAdults?: number;
  players?: number | null;
  rounds?: number | null;
  priceRappen?: number;
  offerName?: string;
  priceAdjustRappen?: number;
  priceAdjustReason?: string | null;
};

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const chf = (v: unknown) => formatChf(num(v) ?? 0);
const range = (s: Snapshot) => (s.startMin !== undefined && s.endMin !== undefined ? `${formatTime(s.startMin)}–${formatTime(s.endMin)}` : "");

/** What changed between two snapshots of a booking, as `Kinder 9 → 11`-style parts. */
function changedParts(before: Snapshot, after: Snapshot, names: AuditNames): string[] {
  const parts: string[] = [];
  if (before.date !== after.date || before.startMin !== after.startMin || before.endMin !== after.endMin) {
    parts.push(`Termin ${before.date ? formatDateDE(before.date) : ""} ${range(before)} → ${after.date ? formatDateDE(after.date) : ""} ${range(after)}`.replace(/\s+/g, " "));
  }
  if (text(before.offerName) && text(after.offerName) && before.offerName !== after.offerName && after.tableId != null) {
    parts.push(`Paket «${before.offerName}» → «${after.offerName}»`);
  }
  const resource = (s: Snapshot) =>
    s.tableId != null ? (names.tables[s.tableId] ?? "ein anderer Tisch") : s.locationId != null ? (names.locations[s.locationId] ?? "ein anderer Spielort") : null;
  const from = resource(before);
  const to = resource(after);
  if (from !== to && from && to) parts.push(`${after.tableId != null ? "Tisch" : "Spielort"} ${from} → ${to}`);
  const counts: [keyof Snapshot, string][] = [
    ["numChildren", "Kinder"],
    ["numActiveAdults", "Erwachsene (mitspielend)"],
    ["numAccompanyingAdults", "Erwachsene (nur Begleitung)"],
    ["players", "Spieler"],
    ["rounds", "Runden"],
  ];
  for (const [key, label] of counts) {
    const a = num(before[key]);
    const b = num(after[key]);
    if (a !== null && b !== null && a !== b) parts.push(`${label} ${a} → ${b}`);
  }
  if (num(before.priceRappen) !== null && num(after.priceRappen) !== null && before.priceRappen !== after.priceRappen) {
    parts.push(`Preis ${chf(before.priceRappen)} → ${chf(after.priceRappen)}`);
  }
  const adjust = (s: Snapshot) => {
    const a = num(s.priceAdjustRappen) ?? 0;
    return a === 0 ? "keine" : `${a < 0 ? "Rabatt" : "Zuschlag"} ${formatChf(Math.abs(a))}${text(s.priceAdjustReason) ? ` «${text(s.priceAdjustReason)}»` : ""}`;
  };
  if (after.priceAdjustRappen !== undefined && adjust(before) !== adjust(after)) parts.push(`Preisanpassung ${adjust(before)} → ${adjust(after)}`);
  return parts;
}

/** How a change's difference was settled. */
function moneyPart(money: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if ((num(money.paidRappen) ?? 0) > 0) parts.push(`${chf(money.paidRappen)} online bezahlt`);
  if ((num(money.refundRappen) ?? 0) > 0) parts.push(`${chf(money.refundRappen)} zurückerstattet`);
  if ((num(money.voucherCreditRappen) ?? 0) > 0) parts.push(`${chf(money.voucherCreditRappen)} dem Gutschein gutgeschrieben`);
  const venue = num(money.venueDeltaRappen) ?? 0;
  if (venue > 0) parts.push(`${formatChf(venue)} vor Ort zu bezahlen`);
  if (venue < 0) parts.push(`${formatChf(-venue)} weniger vor Ort zu bezahlen`);
  const balance = num(money.openBalanceDeltaRappen) ?? 0;
  if (balance > 0) parts.push(`${formatChf(balance)} am Empfang zu bezahlen`);
  if (balance < 0) parts.push(`${formatChf(-balance)} weniger am Empfang zu bezahlen`);
  const issued = obj(money.voucherIssue);
  if ((num(issued.amountRappen) ?? 0) > 0) parts.push(`${chf(issued.amountRappen)} als neuer Gutschein ${text(issued.code) ?? ""}`.trimEnd());
  return parts.length > 0 ? `Differenz: ${parts.join(", ")}` : null;
}

const CONTACT_FIELD_NAMES: Record<string, string> = {
  firstName: "Vorname",
  lastName: "Nachname",
  street: "Strasse",
  zip: "PLZ",
  city: "Ort",
  country: "Land",
  phone: "Telefon",
  email: "E-Mail",
};

const sentence = (who: string, rest: string, extras: (string | null)[] = []) => {
  const tail = extras.filter(Boolean).join("; ");
  return `${who} ${rest}${tail ? ` (${tail})` : ""}.`;
};

/** One audit row as a German sentence, e.g. «lea@funworld.ch hat die Buchung geändert: Kinder 9 → 11 (Preis …)». */
export function auditSentence(entry: AuditEntry, names: AuditNames): string {
  const who = auditActor(entry.actor);
  const d = obj(entry.details);
  switch (entry.action) {
    case "move":
    case "change": {
      const parts = changedParts(obj(d.before) as Snapshot, obj(d.after) as Snapshot, names);
      // A new choice of extras (issue #30 §2): «Zusatzleistungen Geburtstagstorte 0 → 1».
      const extras = Array.isArray(d.extras) ? d.extras.filter((e): e is string => typeof e === "string") : [];
      if (extras.length > 0) parts.push(`Zusatzleistungen ${extras.join(", ")}`);
      return sentence(who, parts.length > 0 ? `hat die Buchung geändert: ${parts.join(", ")}` : "hat die Buchung geändert", [
        moneyPart(obj(d.money)),
        d.notified === false ? "Familie nicht benachrichtigt" : null,
      ]);
    }
    case "change-pending":
      return sentence(who, `hat eine Änderung begonnen; sie gilt, sobald ${chf(d.payOnlineRappen)} online bezahlt sind`, [
        text(d.heldCode) ? `Zahlung unter ${text(d.heldCode)}` : null,
        num(d.newPriceRappen) !== null ? `neuer Preis ${chf(d.newPriceRappen)}` : null,
      ]);
    case "phone-booking": {
      const outcome = text(d.outcome);
      const how =
        outcome === "pay-at-venue"
          ? `${chf(d.amountRappen)} vor Ort zu bezahlen`
          : outcome === "payment-link"
            ? `Zahlungslink über ${chf(d.amountRappen)} gesendet`
            : outcome === "paid-by-voucher"
              ? "mit Gutschein bezahlt"
              : null;
      return sentence(who, "hat die Buchung telefonisch aufgenommen", [how, (num(d.discountRappen) ?? 0) > 0 ? `Gutschein ${chf(d.discountRappen)}` : null]);
    }
    case "closure-notice":
      return sentence(who, "hat die Familie über die Schliessung benachrichtigt", [text(d.reason) ? `Grund: «${text(d.reason)}»` : null]);
    case "cancel":
      return sentence(who, d.byVenue === true ? "hat die Buchung abgesagt (von der Anlage abgesagt)" : "hat die Buchung storniert", [
        text(d.reason) ? `Grund: «${text(d.reason)}»` : null,
        d.refundChoice === "none" ? "keine Rückerstattung" : d.refundChoice === "fee" ? "Rückerstattung abzüglich Stornogebühr" : null,
        (num(d.keptRappen) ?? 0) > 0 ? `${chf(d.keptRappen)} einbehalten` : null,
        (num(d.voucherCreditedRappen) ?? 0) > 0 ? `${chf(d.voucherCreditedRappen)} dem Gutschein gutgeschrieben` : null,
        text(d.note) ? `interne Notiz: «${text(d.note)}»` : null,
      ]);
    case "contact-change": {
      const before = obj(d.before);
      const after = obj(d.after);
      // In the form's order (a jsonb column keeps its keys in its own order).
      const parts = Object.keys(CONTACT_FIELD_NAMES)
        .filter((k) => k in after)
        .map((k) => `${CONTACT_FIELD_NAMES[k]} «${text(before[k]) || "–"}» → «${text(after[k]) || "–"}»`);
      return sentence(who, `hat die Kontaktdaten geändert: ${parts.join(", ")}`, [d.notified === true ? "Bestätigung an die Familie gesendet" : null]);
    }
    case "party-details": {
      const details = (v: unknown): PartyDetails => {
        const o = obj(v);
        return { childName: text(o.childName) ?? null, childAge: num(o.childAge) ?? null, notes: text(o.notes) ?? null };
      };
      return sentence(who, `hat die Angaben zur Party geändert: ${partyChanges(details(d.before), details(d.after)).join(", ")}`);
    }
    case "payment-link-shown":
      return sentence(who, `hat den Zahlungslink über ${chf(d.amountRappen)}${d.balance === true ? " (offener Betrag)" : ""} ${d.emailed === true ? "per E-Mail gesendet" : "angezeigt"}`);
    case "voucher-restore":
      return sentence(who, `hat ${chf(d.amountRappen)} auf den Gutschein ${text(d.voucherCode) ?? ""} zurückgebucht`.replace(/\s+$/, ""));
    case "note":
      return sentence(who, `hat eine Notiz geschrieben: «${text(obj(d.after).text) ?? ""}»`);
    case "arrival": {
      const before = obj(d.before);
      const after = obj(d.after);
      const parts: string[] = [];
      if (before.arrival !== after.arrival) {
        parts.push(after.arrival === "arrived" ? "«angekommen» eingetragen" : after.arrival === "no_show" ? "«nicht erschienen» eingetragen" : "die Ankunft zurückgesetzt");
      }
      if (before.paidAtVenueRappen !== after.paidAtVenueRappen) parts.push(`«vor Ort bezahlt» von ${chf(before.paidAtVenueRappen)} auf ${chf(after.paidAtVenueRappen)} geändert`);
      return sentence(who, `hat ${parts.join(" und ") || "die Ankunft gespeichert"}`);
    }
    case "refund-manual-done":
      return sentence(who, "hat die Rückerstattung als manuell erledigt markiert", [text(d.note) ? `Notiz: «${text(d.note)}»` : null]);
    case "confirmation-resend":
      return sentence(who, `hat die Bestätigung erneut gesendet${text(d.to) ? ` an ${text(d.to)}` : ""}`);
    case "duplicate-payment":
      return `Doppelte Zahlung über ${chf(d.amountRappen)} erkannt; sie wird zurückerstattet.`;
    case "headcount-confirmed":
      return sentence(who, `hat die Schlusszahl bestätigt: ${num(d.numChildren) ?? 0} Kinder, ${num(d.adults) ?? 0} Erwachsene`);
    case "invitation-created":
      return sentence(who, "hat einen Einladungslink für die Gäste erstellt");
    case "invitation-renewed":
      return sentence(who, "hat einen neuen Einladungslink erstellt (der alte ist ungültig)");
    case "invitation-revoked":
      return sentence(who, "hat den Einladungslink zurückgezogen");
    case "guest-declined":
      return sentence(who, "hat einem Gast auf der Warteliste abgesagt");
    case "guest-removed":
      return sentence(who, "hat eine Antwort eines Gastes entfernt");
    case "guest-list-taken-over":
      return sentence(who, `hat die Gästeliste übernommen: ${num(d.children) ?? 0} Kinder`);
    case "deletion-requested":
      return sentence(who, "hat die Löschung der Daten verlangt");
    case "anonymised":
      return text(d.reason) === "retention"
        ? "Personendaten nach Ablauf der Aufbewahrungsfrist anonymisiert."
        : sentence(who, "hat die Personendaten auf Verlangen der Familie anonymisiert");
    case "balance-paid":
      return `Offener Betrag von ${chf(d.amountRappen)} online bezahlt.`;
    case "refund":
      return sentence(`${chf(d.amountRappen)}`, "zurückerstattet", [REFUND_REASONS[text(d.reason) ?? ""] ?? null]);
    case "refund-manual":
      return `Rückerstattung über ${chf(d.amountRappen)} vom Zahlungsanbieter abgelehnt – bitte manuell erstatten.`;
    case "refund-unknown":
      return `Rückerstattung über ${chf(d.amountRappen)}: keine Antwort des Zahlungsanbieters – bitte in seinem Backoffice prüfen.`;
    default:
      return sentence(who, `hat «${entry.action}» ausgeführt`);
  }
}
