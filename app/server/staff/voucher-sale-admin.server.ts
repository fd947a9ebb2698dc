import { parseVoucherSettings, VOUCHER_SETTINGS_MSG, type VoucherSaleSettings } from "~/domain/voucher-sale";
import { getVenue } from "../booking/venue.server";
import { recentVoucherOrders, voucherSaleSettingsOf } from "../vouchers/voucher-orders.server";
import type { Db } from "../platform/db.server";
import { venueSettings } from "../platform/schema";
import type { Staff } from "./auth.server";
import { audit, change } from "./venue-admin.server";

/**
 * The gift voucher sale's settings and its orders (issue #31 §3) on /admin/einstellungen/gutscheine:
 * whether `/gutschein` sells, the validity, the amounts; the latest orders with their voucher.
 */
export async function voucherSaleOverview(db: Db) {
  return { settings: await voucherSaleSettingsOf(db), orders: await recentVoucherOrders(db) };
}

export type VoucherSettingsResult =
  | { ok: true; message: string; value: VoucherSaleSettings }
  | { ok: false; message: string; errors: Partial<Record<"months" | "limits" | "presets", string>> };

export async function saveVoucherSaleSettings(db: Db, staff: Staff, form: FormData): Promise<VoucherSettingsResult> {
  const parsed = parseVoucherSettings(form);
  if (!parsed.ok) return { ok: false, message: Object.values(parsed.errors)[0]!, errors: parsed.errors };
  const prices = (await getVenue(db)).prices;
  const before = await voucherSaleSettingsOf(db);
  await change(db, async (tx) => {
    await tx.insert(venueSettings).values({ id: 1, ...prices, voucherSale: parsed.value }).onConflictDoUpdate({ target: venueSettings.id, set: { voucherSale: parsed.value } });
    await audit(tx, staff, "settings.voucher-sale", { before, after: parsed.value });
  });
  return { ok: true, message: VOUCHER_SETTINGS_MSG.saved, value: parsed.value };
}
