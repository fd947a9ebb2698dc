import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gte, inArray, isNull, lt, lte } from "drizzle-orm";
import { openAmountRappen } from "~/domain/desk";
import { csvAmount, spreadsheetSafe } from "~/domain/export";
import { formatRate } from "~/domain/receipts";
import {
  bucketLabel,
  bucketOf,
  bucketShortLabel,
  bucketsBetween,
  daysBetween,
  LEAD_CLASSES,
  leadClassOf,
  median,
  percentText,
  type BarSeries,
  type HeatGrid,
  type ReportId,
  type ReportCell,
  type ReportQuery,
  type ReportTable,
} from "~/domain/reports";
import { addDays, formatDateDE, venueNow, venueToUtc, weekdayOf } from "~/domain/time";
import type { Db } from "../platform/db.server";
import { receipts, reservations, vouchers } from "../platform/schema";

/**
 * The manager's reports (issue #31 §5), read from what the site already records: revenue, payment
 * methods, offers and MWST from the receipts and credit notes (the money as documented, by the day
 * a document was issued), vouchers still to be honoured, open amounts, and from the bookings of the
 * period their occupancy, cancellations and no-shows and lead time. Each report is a table (page and
 * CSV) and, where a picture helps, a chart's numbers.
 */

export type Report = { table: ReportTable; chart?: BarSeries; heat?: HeatGrid };

const chf = (rappen: number): ReportCell => ({ chf: rappen });

const WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;

function instantRange(q: Pick<ReportQuery, "from" | "to">) {
  return { start: venueToUtc(q.from, 0), end: venueToUtc(addDays(q.to, 1), 0) };
}

async function documentsOf(db: Db, q: ReportQuery) {
  const { start, end } = instantRange(q);
  return db
    .select({
      kind: receipts.kind,
      issuedAt: receipts.issuedAt,
      total: receipts.totalRappen,
      vat: receipts.vatRappen,
      rate: receipts.vatRateBp,
      online: receipts.onlineRappen,
      refund: receipts.refundRappen,
      voucherCredit: receipts.voucherCreditRappen,
      voucher: receipts.voucherRappen,
      venue: receipts.venueRappen,
      bank: receipts.bankRappen,
      offerName: reservations.offerName,
      game: reservations.locationId,
    })
    .from(receipts)
    .innerJoin(reservations, eq(reservations.id, receipts.reservationId))
    .where(and(gte(receipts.issuedAt, start), lt(receipts.issuedAt, end)))
    .orderBy(asc(receipts.id));
}

type Doc = Awaited<ReturnType<typeof documentsOf>>[number];
const signed = (d: Doc) => (d.kind === "receipt" ? d.total : -d.total);

function revenue(docs: Doc[], q: ReportQuery): Report {
  const buckets = bucketsBetween(q.from, q.to, q.group);
  const sums = new Map(buckets.map((b) => [b, { in: 0, back: 0 }]));
  for (const d of docs) {
    const s = sums.get(bucketOf(venueNow(d.issuedAt).date, q.group));
    if (!s) continue;
    if (d.kind === "receipt") s.in += d.total;
    else s.back += d.total;
  }
  const labels = buckets.map((b) => bucketLabel(b, q.group));
  const values = buckets.map((b) => sums.get(b)!.in - sums.get(b)!.back);
  const rows = buckets.map((b, i) => [labels[i]!, chf(sums.get(b)!.in), chf(sums.get(b)!.back), chf(values[i]!)]);
  const total = { in: docs.filter((d) => d.kind === "receipt").reduce((s, d) => s + d.total, 0), back: docs.filter((d) => d.kind !== "receipt").reduce((s, d) => s + d.total, 0) };
  rows.push(["Total", chf(total.in), chf(total.back), chf(total.in - total.back)]);
  return {
    table: { id: "umsatz", title: "Umsatz", header: ["Zeitraum", "Einnahmen", "Rückerstattungen", "Netto"], rows, note: "Nach Datum der Quittungen und Gutschriften, inkl. MWST." },
    chart: { labels, values, unit: "chf", short: buckets.map((b) => bucketShortLabel(b, q.group)) },
  };
}

function methods(docs: Doc[]): Report {
  const sum = (pick: (d: Doc) => number) => docs.reduce((s, d) => s + pick(d), 0);
  const lines: [string, number][] = [
    ["Online (Karte/TWINT)", sum((d) => d.online)],
    ["Gutschein", sum((d) => d.voucher)],
    ["Am Empfang", sum((d) => d.venue)],
    ["Per Rechnung (Überweisung)", sum((d) => d.bank)],
    // «|| 0»: no refunds is CHF 0.00, not «CHF -0.00».
    ["Rückerstattung online", -sum((d) => d.refund) || 0],
    ["Gutschrift als Gutschein", -sum((d) => d.voucherCredit) || 0],
  ];
  const net = lines.reduce((s, [, v]) => s + v, 0);
  return {
    table: { id: "zahlungsarten", title: "Nach Zahlungsart", header: ["Zahlungsart", "Betrag"], rows: [...lines.map(([l, v]) => [l, chf(v)]), ["Netto", chf(net)]] },
    chart: { labels: lines.map(([l]) => l), values: lines.map(([, v]) => v), unit: "chf" },
  };
}

function offers(docs: Doc[]): Report {
  const byOffer = new Map<string, number>();
  for (const d of docs) byOffer.set(d.offerName, (byOffer.get(d.offerName) ?? 0) + signed(d));
  const sorted = [...byOffer.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "de-CH"));
  return {
    table: { id: "angebote", title: "Nach Angebot", header: ["Angebot", "Netto"], rows: sorted.map(([name, v]) => [name, chf(v)]) },
    chart: { labels: sorted.map(([n]) => n), values: sorted.map(([, v]) => v), unit: "chf" },
  };
}

function vatSummary(docs: Doc[]): Report {
  const byRate = new Map<number | null, { gross: number; vat: number }>();
  for (const d of docs) {
    const s = byRate.get(d.rate) ?? { gross: 0, vat: 0 };
    const sign = d.kind === "receipt" ? 1 : -1;
    s.gross += sign * d.total;
    s.vat += sign * d.vat;
    byRate.set(d.rate, s);
  }
  const rows = [...byRate.entries()]
    .sort((a, b) => (b[0] ?? -1) - (a[0] ?? -1))
    .map(([rate, s]) => [rate === null ? "ohne MWST" : formatRate(rate), chf(s.gross), chf(s.vat), chf(s.gross - s.vat)]);
  const total = [...byRate.values()].reduce((t, s) => ({ gross: t.gross + s.gross, vat: t.vat + s.vat }), { gross: 0, vat: 0 });
  rows.push(["Total", chf(total.gross), chf(total.vat), chf(total.gross - total.vat)]);
  return {
    table: {
      id: "mwst",
      title: "MWST",
      header: ["Satz", "Umsatz inkl. MWST", "MWST", "Umsatz ohne MWST"],
      rows,
      note: "Quittungen abzüglich Gutschriften des Zeitraums, je Satz; die MWST ist pro Beleg auf den Rappen gerundet.",
    },
  };
}

async function voucherLiability(db: Db, today: string): Promise<Report> {
  const rows = await db.select({ remaining: vouchers.remainingRappen, validUntil: vouchers.validUntil, blockedAt: vouchers.blockedAt }).from(vouchers);
  const open = rows.filter((v) => v.remaining > 0);
  const valid = open.filter((v) => v.blockedAt === null && v.validUntil >= today);
  const expired = open.filter((v) => v.blockedAt === null && v.validUntil < today);
  const blocked = open.filter((v) => v.blockedAt !== null);
  const sum = (list: typeof open) => list.reduce((s, v) => s + v.remaining, 0);
  return {
    table: {
      id: "gutscheine",
      title: "Offene Gutscheine",
      header: ["Gutscheine", "Anzahl", "Restwert"],
      rows: [
        ["Gültig (noch einzulösen)", String(valid.length), chf(sum(valid))],
        ["Abgelaufen mit Restwert", String(expired.length), chf(sum(expired))],
        ["Gesperrt mit Restwert", String(blocked.length), chf(sum(blocked))],
      ],
      note: `Stand ${formatDateDE(today)}: Die gültigen Restwerte sind die Verbindlichkeit gegenüber den Familien.`,
    },
  };
}

async function openAmounts(db: Db, today: string): Promise<Report> {
  const rows = await db
    .select({
      code: reservations.code,
      date: reservations.date,
      name: reservations.lastName,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      amountRappen: reservations.amountRappen,
      paidAtVenueRappen: reservations.paidAtVenueRappen,
      openBalanceRappen: reservations.openBalanceRappen,
      paidByInvoiceRappen: reservations.paidByInvoiceRappen,
    })
    .from(reservations)
    .where(and(eq(reservations.status, "confirmed"), isNull(reservations.movesReservationId)))
    .orderBy(asc(reservations.date), asc(reservations.startMin));
  const owed = rows.map((r) => ({ ...r, open: openAmountRappen(r) })).filter((r) => r.open > 0);
  const past = owed.filter((r) => r.date < today);
  const coming = owed.filter((r) => r.date >= today);
  const sum = (list: typeof owed) => list.reduce((s, r) => s + r.open, 0);
  return {
    table: {
      id: "offen",
      title: "Offene Beträge",
      header: ["Buchung", "Datum", "Name", "Offen"],
      rows: [
        ...owed.map((r) => [r.code, formatDateDE(r.date), r.name, chf(r.open)]),
        ["Vergangene Termine", "", `${past.length} Buchungen`, chf(sum(past))],
        ["Kommende Termine", "", `${coming.length} Buchungen`, chf(sum(coming))],
      ],
      note: "Bestätigte Buchungen mit offenem Betrag (am Empfang oder per Zahlungslink zu bezahlen), alle Daten.",
    },
  };
}

async function bookingsOfPeriod(db: Db, q: ReportQuery) {
  return db
    .select({
      date: reservations.date,
      startMin: reservations.startMin,
      status: reservations.status,
      arrival: reservations.arrival,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .where(and(gte(reservations.date, q.from), lte(reservations.date, q.to), inArray(reservations.status, ["confirmed", "cancelled"]), isNull(reservations.movesReservationId)));
}

type PeriodBooking = Awaited<ReturnType<typeof bookingsOfPeriod>>[number];

function occupancy(rows: PeriodBooking[]): Report {
  const confirmed = rows.filter((r) => r.status === "confirmed");
  const hours = confirmed.map((r) => Math.floor(r.startMin / 60));
  const first = hours.length > 0 ? Math.min(...hours) : 10;
  const last = hours.length > 0 ? Math.max(...hours) : 18;
  const columns = Array.from({ length: last - first + 1 }, (_, i) => `${String(first + i).padStart(2, "0")}:00`);
  const values = WEEKDAYS.map(() => columns.map(() => 0));
  for (const r of confirmed) values[(weekdayOf(r.date) + 6) % 7]![Math.floor(r.startMin / 60) - first]! += 1;
  return {
    table: {
      id: "auslastung",
      title: "Auslastung nach Wochentag und Startzeit",
      header: ["Wochentag", ...columns, "Total"],
      rows: WEEKDAYS.map((day, i) => [day, ...values[i]!.map(String), String(values[i]!.reduce((s, v) => s + v, 0))]),
      note: "Bestätigte Buchungen mit Termin im Zeitraum, nach Beginn (Stunde).",
    },
    heat: { rows: [...WEEKDAYS], columns, values },
  };
}

function rates(rows: PeriodBooking[], today: string): Report {
  const cancelled = rows.filter((r) => r.status === "cancelled").length;
  const pastConfirmed = rows.filter((r) => r.status === "confirmed" && r.date < today);
  const noShow = pastConfirmed.filter((r) => r.arrival === "no_show").length;
  const arrived = pastConfirmed.filter((r) => r.arrival === "arrived").length;
  return {
    table: {
      id: "quoten",
      title: "Stornierungen und Nichterscheinen",
      header: ["Kennzahl", "Anzahl", "Anteil"],
      rows: [
        ["Buchungen mit Termin im Zeitraum", String(rows.length), ""],
        ["Storniert", String(cancelled), percentText(cancelled, rows.length)],
        ["Vergangen und bestätigt", String(pastConfirmed.length), ""],
        ["Erschienen", String(arrived), percentText(arrived, pastConfirmed.length)],
        ["Nicht erschienen", String(noShow), percentText(noShow, pastConfirmed.length)],
        ["Ohne Ankunftsvermerk", String(pastConfirmed.length - arrived - noShow), percentText(pastConfirmed.length - arrived - noShow, pastConfirmed.length)],
      ],
    },
    chart: { labels: ["Storniert", "Erschienen", "Nicht erschienen"], values: [cancelled, arrived, noShow], unit: "count" },
  };
}

function leadTime(rows: PeriodBooking[]): Report {
  const days = rows.map((r) => Math.max(0, daysBetween(venueNow(r.createdAt).date, r.date)));
  const counts = LEAD_CLASSES.map(() => 0);
  for (const d of days) counts[leadClassOf(d)]! += 1;
  const mid = median(days);
  return {
    table: {
      id: "vorlauf",
      title: "Vorlaufzeit (Buchung bis Termin)",
      header: ["Vorlauf", "Buchungen", "Anteil"],
      rows: [...LEAD_CLASSES.map((c, i) => [c.label, String(counts[i]), percentText(counts[i]!, days.length)]), ["Median", mid === null ? "–" : `${mid} Tage`, ""]],
    },
    chart: { labels: LEAD_CLASSES.map((c) => c.label), values: counts, unit: "count" },
  };
}

/** Every report of the period, in the page's order. */
export async function reportsOf(db: Db, q: ReportQuery, now: Date = new Date()): Promise<Report[]> {
  const today = venueNow(now).date;
  const [docs, period] = await Promise.all([documentsOf(db, q), bookingsOfPeriod(db, q)]);
  return [
    revenue(docs, q),
    methods(docs),
    offers(docs),
    vatSummary(docs),
    await voucherLiability(db, today),
    await openAmounts(db, today),
    occupancy(period),
    rates(period, today),
    leadTime(period),
  ];
}

/** One report as CSV for Swiss Excel (BOM, `;`, CRLF; amounts as numbers, text defused). */
export async function reportCsv(db: Db, q: ReportQuery, id: ReportId, now: Date = new Date()): Promise<string> {
  const report = (await reportsOf(db, q, now)).find((r) => r.table.id === id)!;
  const cell = (v: ReportCell) => (typeof v === "string" ? spreadsheetSafe(v) : csvAmount(v.chf));
  return stringify([report.table.header, ...report.table.rows.map((row) => row.map(cell))], { delimiter: ";", bom: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
}
