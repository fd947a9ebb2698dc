import { randomInt } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { newVoucherCode, normalizeCode } from "~/domain/codes";
import { checkVoucher, type VoucherCheck } from "~/domain/vouchers";
import { addMonths, venueNow } from "~/domain/time";
import type { Executor, Tx } from "../platform/db.server";
import { voucherLedger, vouchers } from "../platform/schema";

export type Voucher = typeof vouchers.$inferSelect;

export async function findVoucher(db: Executor, code: string): Promise<Voucher | null> {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, normalized));
  return row ?? null;
}

/**
 * `heldByFamilyRappen`: what the asking family's own open hold took from this voucher. That hold is
 * given up before the family books again (checkout/place-booking), so for this family the amount is
 * available: its own held voucher never reads as used up.
 */
export async function validateVoucher(db: Executor, code: string, now: Date = new Date(), heldByFamilyRappen = 0): Promise<VoucherCheck & { code: string }> {
  const voucher = await findVoucher(db, code);
  const check = checkVoucher(
    voucher && { remainingRappen: voucher.remainingRappen + heldByFamilyRappen, validUntil: voucher.validUntil, blocked: voucher.blockedAt !== null },
    venueNow(now).date,
  );
  return { ...check, code: normalizeCode(code) };
}

export async function createVoucher(
  db: Executor,
  input: { amountRappen: number; validUntil?: string },
  now: Date = new Date(),
): Promise<Voucher> {
  if (!Number.isInteger(input.amountRappen) || input.amountRappen <= 0) throw new Error("Der Betrag muss grösser als 0 sein.");
  // Swiss law lets vouchers age out after five years at the earliest; three years is the usual printed term.
  const validUntil = input.validUntil ?? addMonths(venueNow(now).date, 36);
  for (;;) {
    const rows = await db
      .insert(vouchers)
      .values({ code: newVoucherCode(randomInt), initialRappen: input.amountRappen, remainingRappen: input.amountRappen, validUntil })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return rows[0];
  }
}

/**
 * Takes up to `wantedRappen` from a voucher inside the caller's transaction; the row lock makes
 * concurrent redemptions queue, so the balance can never go below zero.
 */
export async function debitVoucher(
  tx: Tx,
  input: { code: string; wantedRappen: number; reservationId: number | null; now: Date; requireFull?: boolean },
): Promise<{ ok: true; voucher: Voucher; debitedRappen: number } | { ok: false; message: string }> {
  const code = normalizeCode(input.code);
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for("update");
  const check = checkVoucher(
    voucher ? { remainingRappen: voucher.remainingRappen, validUntil: voucher.validUntil, blocked: voucher.blockedAt !== null } : null,
    venueNow(input.now).date,
  );
  if (!voucher || !check.valid) return { ok: false, message: check.message };
  const debitedRappen = Math.min(voucher.remainingRappen, Math.max(0, input.wantedRappen));
  if (input.requireFull && debitedRappen < input.wantedRappen) return { ok: false, message: check.message };
  if (debitedRappen > 0) {
    await tx
      .update(vouchers)
      .set({ remainingRappen: sql`${vouchers.remainingRappen} - ${debitedRappen}` })
      .where(eq(vouchers.id, voucher.id));
  }
  return { ok: true, voucher, debitedRappen };
}

export async function recordLedger(
  tx: Tx,
  entry: { voucherId: number; reservationId: number | null; amountRappen: number; kind: string },
) {
  await tx.insert(voucherLedger).values(entry);
}

/** Gives an amount back to a voucher (expired hold, staff restore) with its ledger row. */
export async function creditVoucher(
  tx: Tx,
  entry: { voucherId: number; reservationId: number | null; amountRappen: number; kind: string },
) {
  if (entry.amountRappen <= 0) return;
  await tx
    .update(vouchers)
    .set({ remainingRappen: sql`least(${vouchers.initialRappen}, ${vouchers.remainingRappen} + ${entry.amountRappen})` })
    .where(eq(vouchers.id, entry.voucherId));
  await recordLedger(tx, { ...entry, amountRappen: -entry.amountRappen });
}

export async function voucherLedgerOf(db: Executor, voucherId: number) {
  return db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucherId)).orderBy(asc(voucherLedger.id));
}
