import { and, asc, eq, sql } from "drizzle-orm";
import { formatChf } from "~/domain/money";
import {
  DEFAULT_VAT_RATES,
  DOCUMENT_NUMBER_RE,
  documentNumber,
  documentTitle,
  type ReceiptListItem,
  documentsDue,
  MONEY_KEYS,
  NO_MONEY,
  partLabel,
  vatIncluded,
  vatRateOn,
  type MoneyTotals,
  type ReceiptSnapshot,
  type VatMode,
  type VatRate,
} from "~/domain/receipts";
import { formatDateDE, venueNow } from "~/domain/time";
import { langOr, type Lang } from "~/i18n/locales";
import { receiptFileName, receiptPdf } from "./receipt-pdf.server";
import { documentWhenTexts, documentWords } from "./document-words.server";
import type { Reservation } from "../booking/bookings.server";
import { bookingPriceLinesIn } from "../booking/confirmation-view.server";
import { readVenueProfile } from "../booking/venue.server";
import { rowsOf, type Db, type Executor, type Tx } from "../platform/db.server";
import { log, oneLineError } from "../platform/log.server";
import { Limit } from "../platform/limits.server";
import { transactionWithRetry } from "../platform/retry.server";
import { receipts, reservations, vatRates, venueProfile, venueSettings } from "../platform/schema";

/**
 * Receipts and credit notes (issue #31 §1). Nothing on the money paths issues them: a booking's
 * documents are brought up to date from its money rows (`syncReceipts`) by the background sweep every
 * 30 seconds, and whenever a page lists them (manage link, staff). Issuing locks only the booking's
 * row and reads the rest, so it adds nothing to the booking and payment transactions and cannot
 * deadlock with them (docs/architecture.md "Money: lock order"); a crash between a payment and its
 * receipt is caught up by the next sweep.
 */

export type ReceiptRow = typeof receipts.$inferSelect;

export type VatSettings = { mode: VatMode; rates: VatRate[] };

export async function readVatSettings(db: Executor): Promise<VatSettings> {
  const [settings] = await db.select({ mode: venueSettings.vatMode }).from(venueSettings);
  const rows = await db.select({ validFrom: vatRates.validFrom, rateBp: vatRates.rateBp }).from(vatRates).orderBy(asc(vatRates.validFrom));
  return { mode: settings?.mode === "none" ? "none" : "included", rates: rows.length > 0 ? rows : [...DEFAULT_VAT_RATES] };
}

/** What the booking's money rows say now (see `MoneyTotals`); nothing before it was ever confirmed. */
async function moneyTotals(tx: Executor, r: Reservation): Promise<MoneyTotals> {
  if (r.confirmedAt === null) return NO_MONEY;
  // Settled payments count gross; refunds and voucher credits are what actually went back.
  const rows = rowsOf<{ online: string; refund: string; voucher_credit: string; voucher: string }>(
    await tx.execute(sql`
    select
      (select coalesce(sum(amount_rappen) filter (where status in ('settled','refund_pending','refunded')), 0) from payments where reservation_id = ${r.id}) as online,
      (select coalesce(sum(refunded_rappen), 0) from payments where reservation_id = ${r.id}) as refund,
      (select coalesce(sum(voucher_credited_rappen), 0) from payments where reservation_id = ${r.id}) as voucher_credit,
      (select coalesce(sum(amount_rappen), 0) from voucher_ledger where reservation_id = ${r.id}) as voucher`),
  );
  const row = rows[0]!;
  return { online: Number(row.online), refund: Number(row.refund), voucherCredit: Number(row.voucher_credit), voucher: Number(row.voucher), venue: r.paidAtVenueRappen, bank: r.paidByInvoiceRappen };
}

async function issuedTotals(tx: Executor, reservationId: number): Promise<MoneyTotals> {
  const [row] = await tx
    .select({
      online: sql<number>`coalesce(sum(${receipts.onlineRappen}), 0)`.mapWith(Number),
      refund: sql<number>`coalesce(sum(${receipts.refundRappen}), 0)`.mapWith(Number),
      voucherCredit: sql<number>`coalesce(sum(${receipts.voucherCreditRappen}), 0)`.mapWith(Number),
      voucher: sql<number>`coalesce(sum(${receipts.voucherRappen}), 0)`.mapWith(Number),
      venue: sql<number>`coalesce(sum(${receipts.venueRappen}), 0)`.mapWith(Number),
      bank: sql<number>`coalesce(sum(${receipts.bankRappen}), 0)`.mapWith(Number),
    })
    .from(receipts)
    .where(eq(receipts.reservationId, reservationId));
  return row ?? NO_MONEY;
}

function sameTotals(a: MoneyTotals, b: MoneyTotals): boolean {
  return MONEY_KEYS.every((k) => a[k] === b[k]);
}

/**
 * Issues the documents a booking is owed (none when its documents already cover its money). Checked
 * first without a lock (the usual answer is "nothing to do"), then again under the booking's row
 * lock, so two processes syncing at once issue each document once. Returns how many were issued.
 */
export async function syncReceipts(db: Db, reservationId: number, now: Date = new Date()): Promise<number> {
  const [peek] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!peek || peek.confirmedAt === null) return 0;
  if (sameTotals(await moneyTotals(db, peek), await issuedTotals(db, reservationId))) return 0;
  return transactionWithRetry(db, async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for("update");
    if (!r) return 0;
    const plans = documentsDue(await moneyTotals(tx, r), await issuedTotals(tx, r.id));
    if (plans.length === 0) return 0;
    const vat = await readVatSettings(tx);
    const base = await snapshotBase(tx, r, vat);
    for (const plan of plans) {
      const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('receipts', 'id'))::int as id`));
      const id = Number(next!.id);
      const rateBp = base.vat.rateBp;
      await tx.insert(receipts).values({
        id,
        number: documentNumber(plan.kind, id, Number(venueNow(now).date.slice(0, 4))),
        kind: plan.kind,
        reservationId: r.id,
        issuedAt: now,
        totalRappen: plan.totalRappen,
        vatRateBp: rateBp,
        vatRappen: rateBp === null ? 0 : vatIncluded(plan.totalRappen, rateBp),
        onlineRappen: plan.accounts.online,
        refundRappen: plan.accounts.refund,
        voucherCreditRappen: plan.accounts.voucherCredit,
        voucherRappen: plan.accounts.voucher,
        venueRappen: plan.accounts.venue,
        bankRappen: plan.accounts.bank,
        snapshot: { ...base, parts: plan.parts.map((p) => ({ ...p, label: partLabel(p, r.voucherCode, documentWords(base.lang).method) })) },
      });
    }
    return plans.length;
  });
}

/**
 * What every document issued now shows of the booking, worded in the booking's language at this
 * moment (issue #33 §2): its price lines, day and time are frozen in it, and `lang` says so — German
 * ones too, which read exactly as before (an older snapshot without `lang` is German as well).
 */
async function snapshotBase(tx: Tx, r: Reservation, vat: VatSettings): Promise<Omit<ReceiptSnapshot, "parts"> & { lang: Lang }> {
  const profile = await readVenueProfile(tx);
  const lang = langOr(r.lang);
  return {
    venue: {
      name: profile.name,
      street: profile.street,
      zip: profile.zip,
      city: profile.city,
      country: profile.country,
      uidNumber: profile.uidNumber,
      email: profile.email,
      phone: profile.phone,
      website: profile.website,
    },
    customer: { name: `${r.firstName} ${r.lastName}`.trim(), street: r.street, zip: r.zip, city: r.city },
    booking: { code: r.code, offerName: r.offerName, ...documentWhenTexts(r, lang) },
    lines: await bookingPriceLinesIn(tx, r, lang),
    priceRappen: r.priceRappen,
    vat: { mode: vat.mode, rateBp: vat.mode === "none" ? null : vatRateOn(vat.rates, r.date) },
    lang,
  };
}

/** A booking's documents, oldest first, after bringing them up to date. */
export async function receiptsOf(db: Db, reservationId: number, now: Date = new Date()): Promise<ReceiptRow[]> {
  await syncReceipts(db, reservationId, now);
  return db.select().from(receipts).where(eq(receipts.reservationId, reservationId)).orderBy(asc(receipts.id));
}

/** One document of a booking by its number (a number of another booking is not found). */
export async function findReceipt(db: Executor, reservationId: number, number: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(and(eq(receipts.reservationId, reservationId), eq(receipts.number, number)));
  return row ?? null;
}

/**
 * The bookings whose documents do not cover their money, in one statement over the aggregates (the
 * sweep's question; cheap while nothing is owed, which is nearly always).
 */
export async function bookingsOwedReceipts(db: Executor, limit = 200): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
    select r.id from reservations r
    left join (
      select reservation_id,
        sum(amount_rappen) filter (where status in ('settled','refund_pending','refunded')) as online,
        sum(refunded_rappen) as refund, sum(voucher_credited_rappen) as voucher_credit
      from payments group by reservation_id) p on p.reservation_id = r.id
    left join (select reservation_id, sum(amount_rappen) as voucher from voucher_ledger where reservation_id is not null group by reservation_id) l on l.reservation_id = r.id
    left join (
      select reservation_id, sum(online_rappen) as online, sum(refund_rappen) as refund, sum(voucher_credit_rappen) as voucher_credit,
        sum(voucher_rappen) as voucher, sum(venue_rappen) as venue, sum(bank_rappen) as bank
      from receipts group by reservation_id) d on d.reservation_id = r.id
    where r.confirmed_at is not null and (
      coalesce(p.online, 0) <> coalesce(d.online, 0) or coalesce(p.refund, 0) <> coalesce(d.refund, 0)
      or coalesce(p.voucher_credit, 0) <> coalesce(d.voucher_credit, 0) or coalesce(l.voucher, 0) <> coalesce(d.voucher, 0)
      or r.paid_at_venue_rappen <> coalesce(d.venue, 0) or r.paid_by_invoice_rappen <> coalesce(d.bank, 0))
    order by r.id
    limit ${limit}`),
  );
  return rows.map((row) => Number(row.id));
}

/** The sweep: every booking owed a document gets it; one failing booking does not stop the others. */
export async function issueOwedReceipts(db: Db, now: Date = new Date()): Promise<number> {
  let issued = 0;
  for (const id of await bookingsOwedReceipts(db)) {
    try {
      issued += await syncReceipts(db, id, now);
    } catch (error) {
      log.warn({ reservationId: id, cause: oneLineError(error) }, "receipt not issued");
    }
  }
  if (issued > 0) log.info({ issued }, "receipts issued");
  return issued;
}

/**
 * A document as its PDF, or null when the booking has no document with that number: worded as it
 * was issued (its snapshot's language), whoever downloads it.
 */
export async function receiptDocument(db: Db, reservationId: number, number: string): Promise<{ body: Buffer; fileName: string } | null> {
  if (!DOCUMENT_NUMBER_RE.test(number)) return null;
  const doc = await findReceipt(db, reservationId, number);
  if (!doc) return null;
  // The logo is the venue's current one (decoration); name, address and UID are the document's own.
  const [logo] = await db.select({ bytes: venueProfile.logo, type: venueProfile.logoType }).from(venueProfile).where(eq(venueProfile.id, 1));
  const body = await receiptPdf(doc, logo?.bytes && logo.type ? { bytes: Buffer.from(logo.bytes), type: logo.type } : null);
  return { body, fileName: receiptFileName(doc) };
}

export function receiptListItem(doc: ReceiptRow): ReceiptListItem {
  return { number: doc.number, title: documentTitle(doc.kind, doc.number), date: formatDateDE(venueNow(doc.issuedAt).date), amount: formatChf(doc.totalRappen), kind: doc.kind };
}

/** Staff: a document by booking code and number. */
export async function staffReceiptDocument(db: Db, code: string, number: string): Promise<{ body: Buffer; fileName: string } | null> {
  const normalized = code.trim().toUpperCase();
  if (!normalized || normalized.length > 40) return null;
  const [r] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, normalized));
  return r ? receiptDocument(db, r.id, number) : null;
}

/**
 * Drawing a PDF costs tens of milliseconds of CPU: a manage link (the family's, or one that leaked)
 * draws at most 30 in ten minutes, counted in the database so every process shares the count.
 */
export const receiptDownloads = new Limit({ name: "receipt-pdf", points: 30, windowSeconds: 10 * 60 });

export type FamilyReceiptAnswer = { kind: "file"; body: Buffer; fileName: string } | { kind: "missing" } | { kind: "limited"; retryAfterSeconds: number };

/** The family's download through the manage link (the route checked the link). */
export async function familyReceiptDocument(db: Db, reservationId: number, number: string): Promise<FamilyReceiptAnswer> {
  if (!DOCUMENT_NUMBER_RE.test(number) || !(await findReceipt(db, reservationId, number))) return { kind: "missing" };
  const verdict = await receiptDownloads.consume(db, String(reservationId));
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const file = await receiptDocument(db, reservationId, number);
  return file ? { kind: "file", ...file } : { kind: "missing" };
}
