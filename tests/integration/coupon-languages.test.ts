import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "~/domain/messages";
import { PROMO_MSG, type PromoInput } from "~/domain/promo-codes";
import { addDays, venueNow, weekdayOf } from "~/domain/time";
import { action as validateApi } from "~/routes/api.coupons.validate";
import { loader as enterDataLoader } from "~/routes/enter-data";
import { action as couponAction } from "~/routes/enter-data.coupon";
import { updateDraft } from "~/server/booking/draft.server";
import { setPaymentProvider } from "~/server/payments/payments.server";
import { closeDatabase, getDb, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { createPromo } from "~/server/vouchers/promo-codes.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { nextWeekday } from "./fixtures";

/**
 * The voucher box in the page's language (issue #33 §2): the routes themselves on the embedded
 * database — the inline check (`/fr/enter-data/coupon`), the step's loader (a promo code already in
 * the draft) and the JSON API (`lang`). German stays the spec's text word for word.
 */

const ORIGIN = "http://shop.test";
const ENV_KEYS = ["DATA_DIR", "DATABASE_URL", "PUBLIC_URL", "PAYMENT_PROVIDER", "SESSION_SECRET"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let dataDir: string;
let db: Db;
let manager: Staff;

beforeAll(async () => {
  for (const key of ENV_KEYS) delete process.env[key];
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-coupon-languages-"));
  Object.assign(process.env, { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "coupon-languages-secret-0123456789" });
  setPaymentProvider(undefined);
  resetEnvForTests();
  await closeDatabase();
  db = await getDb();
  manager = await createStaffAccount(db, "chef@funworld.ch", "chef-password-1", "manager");
});

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

function promo(code: string, over: Partial<PromoInput> = {}): PromoInput {
  return { code, kind: "percent", value: 1_000, validFrom: null, validUntil: null, maxUses: null, maxUsesPerEmail: null, offerIds: null, games: true, weekdays: null, note: "", ...over };
}

const context = (clientIp: string) => ({ clientIp, cspNonce: "test" }) as AppLoadContext;

function withCookie(url: string, setCookie: string, init: RequestInit = {}): Request {
  return new Request(url, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: setCookie.split(";")[0]! } });
}

/** A complete birthday draft on a Wednesday (the seed's birthday day). */
async function draftCookie(date: string): Promise<string> {
  return updateDraft(new Request(`${ORIGIN}/find-slot`), { flow: "offers", offerId: 1, date, startMin: 660, endMin: 780, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 });
}

/** The inline check of the voucher box, in a language (`lang` undefined: German). */
async function check(cookie: string, code: string, lang: string | undefined, ip: string) {
  const prefix = lang ? `/${lang}` : "";
  const response = (await couponAction({
    request: withCookie(`${ORIGIN}${prefix}/enter-data/coupon`, cookie, { method: "POST", body: new URLSearchParams({ couponCode: code }) }),
    params: lang ? { lang } : {},
    context: context(ip),
  })) as Response;
  return (await response.json()) as { valid: boolean; message: string; promo?: boolean };
}

describe("the voucher box answers in the page's language", () => {
  it("a promo code's refusal and success, and an expired voucher, in French, Italian and English; German unchanged", async () => {
    const date = nextWeekday(3, new Date(Date.now() + 14 * 86_400_000));
    const today = venueNow().date;
    const yesterday = addDays(today, -1);
    const otherDay = (weekdayOf(date) + 3) % 7;
    for (const input of [
      promo("VORBEI", { validUntil: yesterday }),
      promo("SAMSTAGS", { weekdays: [otherDay] }),
      promo("ZWANZIG", { kind: "fixed", value: 2_000 }),
    ]) {
      expect((await createPromo(db, manager, input)).ok).toBe(true);
    }
    const expiredVoucher = await createVoucher(db, { amountRappen: 5_000, validUntil: "2020-01-01" });
    const cookie = await draftCookie(date);
    const day = yesterday.split("-").reverse().join(".");

    // German: the spec's words, as before.
    expect(await check(cookie, "VORBEI", undefined, "198.51.100.31")).toMatchObject({ valid: false, message: PROMO_MSG.expired(day) });
    expect(await check(cookie, expiredVoucher.code, undefined, "198.51.100.31")).toMatchObject({ valid: false, message: MSG.voucherExpired });

    expect(await check(cookie, "VORBEI", "fr", "198.51.100.32")).toMatchObject({ valid: false, message: `Ce code promo était valable jusqu’au ${day}.` });
    expect((await check(cookie, "SAMSTAGS", "it", "198.51.100.32")).message).toMatch(/^Questo codice promozionale vale solo per appuntamenti di [a-zì]+\.$/);
    expect(await check(cookie, expiredVoucher.code, "fr", "198.51.100.33")).toMatchObject({ valid: false, message: "Le bon a expiré." });
    const applied = await check(cookie, "ZWANZIG", "en", "198.51.100.33");
    expect(applied).toMatchObject({ valid: true, promo: true });
    expect(applied.message).toMatch(/^Promo code ZWANZIG applied: CHF\s20\.00 off\.$/);

    // The code now sits in the draft: the step's page shows its message in the page's language.
    const loaded = (await enterDataLoader({ request: withCookie(`${ORIGIN}/fr/enter-data`, cookie), params: { lang: "fr" }, context: context("198.51.100.34") })) as unknown as {
      data: { summary: { promoMessage: string | null } };
    };
    expect(loaded.data.summary.promoMessage).toMatch(/^Code promo ZWANZIG appliqué\u202f: 20[.,]00\sCHF de rabais\.$/);
    const german = (await enterDataLoader({ request: withCookie(`${ORIGIN}/enter-data`, cookie), params: {}, context: context("198.51.100.34") })) as unknown as {
      data: { summary: { promoMessage: string | null } };
    };
    expect(german.data.summary.promoMessage).toBe(PROMO_MSG.applied("ZWANZIG", "CHF 20.00"));
  });

  it("the JSON API: German by default, the language asked for with `lang`", async () => {
    const post = async (body: Record<string, unknown>) => {
      const response = (await validateApi({
        request: new Request(`${ORIGIN}/api/coupons/validate`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
        params: {},
        context: context("198.51.100.41"),
      })) as Response;
      return (await response.json()) as { valid: boolean; message: string; remainingValue: number };
    };
    expect(await post({ couponCode: "NIEMALS-DA" })).toMatchObject({ valid: false, message: MSG.voucherUnknown });
    expect(await post({ couponCode: "NIEMALS-DA", lang: "it" })).toMatchObject({ valid: false, message: "Buono non trovato." });
    expect(await post({ couponCode: "VORBEI", lang: "en" })).toMatchObject({ valid: false, message: expect.stringMatching(/^This promo code was valid until \d\d\.\d\d\.\d{4}\.$/) });
    expect(await post({ couponCode: "VORBEI", lang: "xx" })).toMatchObject({ message: expect.stringMatching(/^Dieser Aktionscode war bis /) });
  });
});
