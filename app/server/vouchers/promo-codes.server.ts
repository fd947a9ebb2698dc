import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { normalizeCode } from "~/domain/codes";
import { PROMO_FORM_MSG, PROMO_MSG, promoDiscountRappen, promoRefusal, promoValueText, type PromoInput, type PromoRule, type PromoTarget } from "~/domain/promo-codes";
import type { Db, Executor, Tx } from "../platform/db.server";
import { auditLog, promoCodes, promoRedemptions, reservations, vouchers } from "../platform/schema";

/**
 * Promo codes (issue #31 §4): looked up beside gift vouchers (the voucher box takes both), checked
 * against the booking they are tried for, and claimed in the booking's transaction under the code's
 * row lock, so the uses in total and per e-mail are exact however many processes book at once
 * (docs/architecture.md "Money: lock order", step 5).
 */

export type PromoRow = typeof promoCodes.$inferSelect;

export function ruleOf(row: PromoRow): PromoRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    offerIds: row.offerIds ?? null,
    games: row.games === 1,
    weekdays: row.weekdays ?? null,
    active: row.active === 1,
  };
}

export async function findPromo(db: Executor, rawCode: unknown): Promise<PromoRow | null> {
  const code = normalizeCode(rawCode);
  if (!code) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row ?? null;
}

/** Active bookings (held or confirmed) carrying the code: in total and for one address (lower case). */
async function usageOf(db: Executor, promoId: number, email: string, excludeReservationId: number | null) {
  const mail = email.trim().toLowerCase();
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${promoRedemptions.email} = ${mail} and ${mail} <> '')`.mapWith(Number),
    })
    .from(promoRedemptions)
    .innerJoin(reservations, eq(reservations.id, promoRedemptions.reservationId))
    .where(
      and(
        eq(promoRedemptions.promoId, promoId),
        inArray(reservations.status, ["held", "confirmed"]),
        excludeReservationId === null ? undefined : ne(reservations.id, excludeReservationId),
      ),
    );
  return { total: row?.total ?? 0, byEmail: row?.byEmail ?? 0 };
}

export type PromoCheck = { ok: true; promo: PromoRow; discountRappen: number; message: string } | { ok: false; message: string };

/**
 * Whether a code is a promo code, and what it gives this booking (null: not a promo code, so maybe a
 * voucher). `lock`: in the booking's transaction, the code's row is locked first, so two bookings
 * racing for the last use are counted one after the other. `excludeReservationId`: the family's own
 * open hold, given up when it books again, does not use up its own code.
 */
export async function checkPromo(
  db: Executor,
  rawCode: unknown,
  target: PromoTarget,
  email: string,
  priceRappen: number,
  options: { lock?: boolean; excludeReservationId?: number | null } = {},
): Promise<PromoCheck | null> {
  const code = normalizeCode(rawCode);
  if (!code) return null;
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const rule = ruleOf(row);
  const refusal = promoRefusal(rule, target, await usageOf(db, row.id, email, options.excludeReservationId ?? null));
  if (refusal) return { ok: false, message: refusal };
  const discountRappen = promoDiscountRappen(rule, priceRappen);
  return { ok: true, promo: row, discountRappen, message: PROMO_MSG.applied(row.code, promoValueText(rule)) };
}

/** The booking carries the code (its transaction, after the insert). */
export async function recordRedemption(tx: Tx, input: { promoId: number; reservationId: number; email: string; discountRappen: number; now: Date }): Promise<void> {
  await tx.insert(promoRedemptions).values({
    promoId: input.promoId,
    reservationId: input.reservationId,
    email: input.email.trim().toLowerCase(),
    discountRappen: input.discountRappen,
    createdAt: input.now,
  });
}

// ---------------------------------------------------------------------------------------------
// The manager's page

export type PromoListItem = { id: number; rule: PromoRule; note: string; uses: number; confirmed: number; discountRappen: number };

/** Every code, newest first, with its active uses and the discounts its confirmed bookings got. */
export async function listPromos(db: Executor): Promise<PromoListItem[]> {
  const rows = await db.select().from(promoCodes).orderBy(asc(promoCodes.code));
  const counts = await db
    .select({
      promoId: promoRedemptions.promoId,
      uses: sql<number>`count(*) filter (where ${reservations.status} in ('held','confirmed'))`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${reservations.status} = 'confirmed')`.mapWith(Number),
      discount: sql<number>`coalesce(sum(${promoRedemptions.discountRappen}) filter (where ${reservations.status} = 'confirmed'), 0)`.mapWith(Number),
    })
    .from(promoRedemptions)
    .innerJoin(reservations, eq(reservations.id, promoRedemptions.reservationId))
    .groupBy(promoRedemptions.promoId);
  const byId = new Map(counts.map((c) => [c.promoId, c]));
  return rows.map((row) => {
    const c = byId.get(row.id);
    return { id: row.id, rule: ruleOf(row), note: row.note, uses: c?.uses ?? 0, confirmed: c?.confirmed ?? 0, discountRappen: c?.discount ?? 0 };
  });
}

export type PromoSaveResult = { ok: true; message: string } | { ok: false; message: string; errors?: { code?: string } };

type StaffRef = { id: number; email: string };

/** A new code; refused when it equals an existing promo code or gift voucher (the box must tell them apart). */
export async function createPromo(db: Db, staff: StaffRef, input: PromoInput, now: Date = new Date()): Promise<PromoSaveResult> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, input.code));
    if (voucher) return { ok: false as const, message: PROMO_FORM_MSG.duplicate, errors: { code: PROMO_FORM_MSG.duplicate } };
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.value,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        maxUses: input.maxUses,
        maxUsesPerEmail: input.maxUsesPerEmail,
        offerIds: input.offerIds,
        games: input.games ? 1 : 0,
        weekdays: input.weekdays,
        note: input.note,
        createdAt: now,
        createdBy: staff.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false as const, message: PROMO_FORM_MSG.duplicate, errors: { code: PROMO_FORM_MSG.duplicate } };
    await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action: "promo.create", details: { before: null, after: input } });
    return { ok: true as const, message: `Aktionscode ${row.code} angelegt (${promoValueText(ruleOf(row))}).` };
  });
}

/** Stops or resumes a code; bookings that carry it keep their discount. */
export async function setPromoActive(db: Db, staff: StaffRef, id: unknown, active: boolean): Promise<PromoSaveResult> {
  const promoId = typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (promoId === null) return { ok: false, message: "Diesen Aktionscode gibt es nicht." };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoId)).for("update");
    if (!before) return { ok: false as const, message: "Diesen Aktionscode gibt es nicht." };
    if ((before.active === 1) === active) return { ok: true as const, message: active ? `${before.code} ist bereits aktiv.` : `${before.code} ist bereits gestoppt.` };
    await tx.update(promoCodes).set({ active: active ? 1 : 0 }).where(eq(promoCodes.id, promoId));
    await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action: "promo.active", details: { code: before.code, before: before.active === 1, after: active } });
    return { ok: true as const, message: active ? `${before.code} ist wieder aktiv.` : `${before.code} ist gestoppt: Neue Buchungen können ihn nicht mehr einlösen.` };
  });
}
