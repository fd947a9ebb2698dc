import { desc, eq } from "drizzle-orm";
import { parseVoucherOrder, VOUCHER_FIELD_LABEL, VOUCHER_SALE_MAX, VOUCHER_SALE_MSG, VOUCHER_SALE_TEXT, type VoucherOrderErrors, type VoucherOrderValues, type VoucherSaleSettings } from "~/domain/voucher-sale";
import { agbPath } from "~/domain/legal-texts";
import { formatChf } from "~/domain/money";
import { localePath, type Lang } from "~/i18n/locales";
import { localizeIn, t } from "../i18n/texts.server";
import { isConnectionLoss, type Db, type Executor } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { Limit } from "../platform/limits.server";
import { log, oneLineError } from "../platform/log.server";
import { hashManageToken, MANAGE_TOKEN_PATTERN, newVoucherOrderToken, voucherOrderUrl } from "../platform/manage-token.server";
import { payments, voucherOrderLinks, voucherOrders, vouchers } from "../platform/schema";
import { voucherSaleSettingsOf } from "../vouchers/voucher-orders.server";
import { currentLegalText } from "../legal/legal-texts.server";
import { confirmPayment, getPaymentProvider } from "../payments/payments.server";
import { voucherPdfOfOrder } from "../accounting/voucher-pdf.server";

/**
 * Gift vouchers sold online (issue #31 §3): `/gutschein` takes the order, the provider takes the
 * money, and `settleVoucherPayment` (payments/voucher-payment.server) makes the voucher once the
 * payment settled — through the one exactly-once `confirmPayment` every payment goes through.
 */

export type VoucherOrder = typeof voucherOrders.$inferSelect;

/** The order form's page: the settings it offers and the AGB it links. */
export async function voucherSaleForm(db: Db) {
  const settings = await voucherSaleSettingsOf(db);
  return { settings, agbUrl: agbPath((await currentLegalText(db, "agb")).version) };
}

/**
 * Each order opens a transaction at the provider: 10 orders an hour per client, counted in the
 * database (every process shares the count), so a script cannot flood the provider or the table.
 */
export const voucherOrderStarts = new Limit({ name: "voucher-order", points: 10, windowSeconds: 60 * 60 });
/** The order page asks the provider while a payment is open; the PDF is drawn per download. */
export const voucherOrderReads = new Limit({ name: "voucher-order-read", points: 60, windowSeconds: 10 * 60 });

export type OrderAnswer =
  | { kind: "pay"; url: string }
  | { kind: "invalid"; errors: VoucherOrderErrors; values: VoucherOrderValues }
  | { kind: "closed" }
  | { kind: "limited"; retryAfterSeconds: number };

/**
 * The form was sent: checked, the order written with its first link and the page's language (the
 * e-mail and the PDF are worded in it, issue #33), and its payment started. `lang`: the order page's;
 * the problems come worded in it.
 */
export async function orderVoucher(db: Db, form: FormData, client: string, lang: Lang = "de"): Promise<OrderAnswer> {
  const settings = await voucherSaleSettingsOf(db);
  if (!settings.online) return { kind: "closed" };
  const parsed = parseVoucherOrder(form, settings);
  if (!parsed.ok) return { kind: "invalid", errors: orderErrorsIn(lang, parsed.errors, settings), values: parsed.values };
  const verdict = await voucherOrderStarts.consume(db, client);
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const { order, token } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(voucherOrders)
      .values({ ...parsed.value, validityMonths: settings.validityMonths, lang })
      .returning();
    const link = newVoucherOrderToken(created!.id);
    await tx.insert(voucherOrderLinks).values(link.row);
    return { order: created!, token: link.token };
  });
  log.info({ voucherOrder: order.id, amountRappen: order.amountRappen }, "voucher ordered");
  const started = await startOrderPayment(db, order, token, lang);
  return { kind: "pay", url: started ?? `${orderPath(token, lang)}?r=fehler` };
}

/**
 * The form's problems in the page's language. The domain words them in German (the spec's texts);
 * the fixed ones are looked up in `voucherShop`, the two with values are worded here from the field
 * and the settings, as the domain words them.
 */
export function orderErrorsIn(lang: Lang, errors: VoucherOrderErrors, settings: Pick<VoucherSaleSettings, "minRappen" | "maxRappen">): VoucherOrderErrors {
  if (lang === "de") return errors;
  const out: VoucherOrderErrors = {};
  for (const [field, german] of Object.entries(errors) as [keyof VoucherOrderErrors, string][]) {
    if (field === "amount" && german === VOUCHER_SALE_MSG.amount(settings.minRappen, settings.maxRappen)) {
      out.amount = t(lang, "voucherShop", "errAmount", { min: formatChf(settings.minRappen, lang), max: formatChf(settings.maxRappen, lang) });
      continue;
    }
    if (field === "recipientName" || field === "message" || field === "buyerName") {
      const label = VOUCHER_FIELD_LABEL[field];
      if (german === VOUCHER_SALE_MSG.tooLong(VOUCHER_SALE_TEXT[label], VOUCHER_SALE_MAX[field])) {
        out[field] = t(lang, "voucherShop", "errTooLong", { label: t(lang, "voucherShop", label), max: VOUCHER_SALE_MAX[field] });
        continue;
      }
    }
    out[field] = localizeIn(lang, "voucherShop", german);
  }
  return out;
}

/** The order's page in a language (`/fr/gutschein/bestellung/…`). */
export function orderPath(token: string, lang: Lang = "de"): string {
  return localePath(lang, `/gutschein/bestellung/${token}`);
}

/** The provider's reference: short (Datatrans allows 20 characters) and the order's own. */
export function orderRefno(order: Pick<VoucherOrder, "id">): string {
  return `GS-${order.id}`;
}

/**
 * Opens a transaction for the order's amount; the payment row (kind `voucher`) is written once the
 * provider answered, like every payment. Null when the provider refused or could not be reached.
 * `lang`: the page the buyer pays from; the provider sends the browser back to the order's page in
 * it, and its own payment page opens in it (as for bookings).
 */
async function startOrderPayment(db: Db, order: VoucherOrder, token: string, lang: Lang): Promise<string | null> {
  const env = getEnv();
  const back = voucherOrderUrl(token, lang);
  try {
    const provider = getPaymentProvider();
    const { transactionId, paymentUrl } = await provider.initTransaction({
      refno: orderRefno(order),
      amountRappen: order.amountRappen,
      currency: "CHF",
      successUrl: back,
      cancelUrl: `${back}?r=abgebrochen`,
      errorUrl: `${back}?r=fehler`,
      webhookUrl: `${env.PUBLIC_URL}/api/payments/webhook`,
      language: lang,
    });
    await db.insert(payments).values({
      voucherOrderId: order.id,
      kind: "voucher",
      provider: provider.name,
      transactionId,
      refno: orderRefno(order),
      amountRappen: order.amountRappen,
      currency: "CHF",
      status: "pending",
      providerStatus: "initialized",
      paymentUrl,
    });
    return paymentUrl;
  } catch (error) {
    if (isConnectionLoss(error)) throw error;
    log.warn({ voucherOrder: order.id, cause: oneLineError(error) }, "voucher payment could not be started");
    return null;
  }
}

export async function findOrderByToken(db: Executor, token: string): Promise<VoucherOrder | null> {
  if (!MANAGE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ order: voucherOrders })
    .from(voucherOrderLinks)
    .innerJoin(voucherOrders, eq(voucherOrders.id, voucherOrderLinks.voucherOrderId))
    .where(eq(voucherOrderLinks.tokenHash, hashManageToken(token)));
  return row?.order ?? null;
}

export type OrderView = {
  state: "paid" | "pending" | "open";
  amountRappen: number;
  recipientName: string;
  message: string;
  buyerName: string;
  buyerEmail: string;
  validityMonths: number;
  voucher: { code: string; validUntil: string } | null;
};

/**
 * The order's page (the provider's return URL too). While the order is open, its newest payment is
 * asked about at the provider through `confirmPayment` — the return may come before the webhook —
 * within the page's read limit; a GET never gives a payment up.
 */
export async function orderPage(db: Db, token: string): Promise<OrderView | null | { kind: "limited"; retryAfterSeconds: number }> {
  let order = await findOrderByToken(db, token);
  if (!order) return null;
  let state: OrderView["state"] = order.status === "paid" ? "paid" : "open";
  if (order.status === "open") {
    const [newest] = await db.select().from(payments).where(eq(payments.voucherOrderId, order.id)).orderBy(desc(payments.id)).limit(1);
    if (newest?.status === "pending") {
      const verdict = await voucherOrderReads.consume(db, String(order.id));
      if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
      try {
        const result = await confirmPayment(db, newest.transactionId);
        state = result.payment?.status === "settled" ? "paid" : result.payment?.status === "pending" ? "pending" : "open";
      } catch (error) {
        if (isConnectionLoss(error)) throw error;
        // The provider cannot be asked now: the webhook or the reconciliation settles it later.
        log.warn({ voucherOrder: order.id, cause: oneLineError(error) }, "voucher payment status could not be read");
        state = "pending";
      }
      if (state === "paid") order = (await findOrderByToken(db, token)) ?? order;
    }
  }
  const [voucher] = order.voucherId === null ? [] : await db.select({ code: vouchers.code, validUntil: vouchers.validUntil }).from(vouchers).where(eq(vouchers.id, order.voucherId));
  return {
    state: order.status === "paid" ? "paid" : state,
    amountRappen: order.amountRappen,
    recipientName: order.recipientName,
    message: order.message,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    validityMonths: order.validityMonths,
    voucher: voucher ?? null,
  };
}

/**
 * «Jetzt bezahlen» on an open order (a cancelled or failed try): a new payment; null when there is
 * nothing to pay. `lang`: the page's, for the way back; the order keeps the language it was made in.
 */
export async function payOrderAgain(db: Db, token: string, client: string, lang: Lang = "de"): Promise<OrderAnswer | null> {
  const order = await findOrderByToken(db, token);
  if (!order || order.status !== "open") return null;
  const verdict = await voucherOrderStarts.consume(db, client);
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const url = await startOrderPayment(db, order, token, lang);
  return { kind: "pay", url: url ?? `${orderPath(token, lang)}?r=fehler` };
}

/** The voucher's PDF through the order's link (paid orders only), within the read limit. */
export async function orderPdf(db: Db, token: string): Promise<{ kind: "file"; body: Buffer; fileName: string } | { kind: "limited"; retryAfterSeconds: number } | null> {
  const order = await findOrderByToken(db, token);
  if (!order || order.status !== "paid") return null;
  const verdict = await voucherOrderReads.consume(db, String(order.id));
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const file = await voucherPdfOfOrder(db, order.id);
  return file ? { kind: "file", ...file } : null;
}
