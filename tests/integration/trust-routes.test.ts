import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as reserveBirthdayApi } from "~/routes/api.birthday.reserve";
import { action as createGameApi } from "~/routes/api.reservation.create";
import { action as enterDataAction } from "~/routes/enter-data";
import { DRAFT_TTL_SECONDS, getDraft, requireCompleteDraft, sweepExpiredDrafts, updateDraft } from "~/server/booking/draft.server";
import { closeDatabase, getDb, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { forgetRequest, newRequestKey, openRequestMemos, REQUEST_KEY_HEADER } from "~/server/platform/request-memo.server";
import { drafts, reservations } from "~/server/platform/schema";
import { setPaymentProvider } from "~/server/payments/payments.server";
import { scratchPostgres } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { MSG } from "~/domain/messages";

/**
 * The routes themselves, on the process database the server uses (the embedded one in DATA_DIR, or
 * PostgreSQL through DATABASE_URL): the draft's expiry (issue "Trust" §6) and the contact length
 * limits of the form and the JSON API (issue "Robustness" §2), answered in German naming the field,
 * with nothing stored.
 */

const ORIGIN = "http://shop.test";
const ENV_KEYS = ["DATA_DIR", "DATABASE_URL", "PUBLIC_URL", "PAYMENT_PROVIDER", "SESSION_SECRET", "HOLD_LIMIT_PER_CLIENT", "HOLD_LIMIT_PER_EMAIL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(() => {
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, { PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "trust-routes-secret-0123456789" });
  setPaymentProvider(undefined);
});

afterAll(async () => {
  await closeDatabase();
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

/** The draft id inside a signed `fw_draft` cookie (Remix: base64 JSON, a dot, the signature). */
function draftIdOf(setCookie: string): string {
  const value = decodeURIComponent(setCookie.split(";")[0]!.split("=").slice(1).join("="));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

function withCookie(url: string, setCookie: string, init: RequestInit = {}): Request {
  return new Request(url, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: setCookie.split(";")[0]! } });
}

/** What a page action answers (`data()` from Remix: the value and its status). */
function answerOf(result: unknown): { status: number; data: Record<string, unknown> } {
  if (result instanceof Response) return { status: result.status, data: {} };
  const r = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { status: r.init?.status ?? 200, data: r.data };
}

const context = (clientIp: string) => ({ clientIp, cspNonce: "test" }) as AppLoadContext;

const targets = [{ name: "pglite" }, { name: "postgres" }] as const;

describe.each(targets)("routes on the process database ($name)", ({ name }) => {
  let db: Db;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let skip = false;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `kidsindoor-trust-routes-${name}-`));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    if (name === "postgres") {
      const scratch = await scratchPostgres();
      if (!scratch) skip = true;
      else {
        process.env.DATABASE_URL = scratch.url;
        drop = scratch.drop;
      }
    }
    resetEnvForTests();
    await closeDatabase();
    if (!skip) db = await getDb();
  });

  afterAll(async () => {
    await closeDatabase();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const reservationCount = async () => Number((await db.select({ n: count() }).from(reservations))[0]!.n);

  it("a draft carries its expiry in the cookie (Max-Age) and in its row; once expired it reads as empty", async (ctx) => {
    if (skip) ctx.skip();
    const written = Date.now();
    const cookie = await updateDraft(new Request(`${ORIGIN}/offers`), { flow: "offers", offerId: 1 });
    // The browser drops the cookie after a day; the server checks the row's own expiry regardless.
    expect(cookie).toMatch(new RegExp(`;\\s*Max-Age=${DRAFT_TTL_SECONDS}(;|$)`, "i"));
    expect(cookie).toMatch(/;\s*HttpOnly/i);

    const id = draftIdOf(cookie);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(Math.abs(row!.expiresAt.getTime() - (written + DRAFT_TTL_SECONDS * 1000))).toBeLessThan(60_000);
    expect(await getDraft(withCookie(`${ORIGIN}/find-slot`, cookie))).toEqual({ flow: "offers", offerId: 1 });

    // The row's time is up (the browser kept its cookie longer, or replays it): nothing comes back.
    // The clock moves (not the row): on the embedded database the row is also held in memory.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(written + DRAFT_TTL_SECONDS * 1000 + 61_000);
      expect(await getDraft(withCookie(`${ORIGIN}/find-slot`, cookie))).toEqual({});
      await expect(requireCompleteDraft(withCookie(`${ORIGIN}/enter-data`, cookie))).rejects.toMatchObject({ status: 302 });
      // Written again under the old cookie, the draft starts empty: the expired content does not return.
      const again = await updateDraft(withCookie(`${ORIGIN}/offers`, cookie), { flow: "offers", offerId: 2 });
      expect(await getDraft(withCookie(`${ORIGIN}/find-slot`, again))).toEqual({ flow: "offers", offerId: 2 });

      // The background sweep deletes expired rows.
      vi.setSystemTime(written + 2 * (DRAFT_TTL_SECONDS * 1000 + 61_000));
      await sweepExpiredDrafts(db);
      expect(await db.select().from(drafts).where(eq(drafts.id, id))).toEqual([]);
      expect(await getDraft(withCookie(`${ORIGIN}/find-slot`, again))).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });

  it("one request reads its draft row once and sees its own writes; another request reads the latest draft", async (ctx) => {
    if (skip) ctx.skip();
    const cookie = await updateDraft(new Request(`${ORIGIN}/offers`), { flow: "offers", offerId: 1 });
    // The action's and the loaders' Request objects of one form post share the edge's key, not an object.
    const key = newRequestKey();
    const inRequest = (url: string) => withCookie(url, cookie, { headers: { [REQUEST_KEY_HEADER]: key } });
    expect(await getDraft(inRequest(`${ORIGIN}/enter-data`))).toEqual({ flow: "offers", offerId: 1 });
    // Changed by another request meanwhile (another tab): this request keeps the draft it read …
    await updateDraft(withCookie(`${ORIGIN}/find-slot`, cookie), { offerId: 3 });
    expect(await getDraft(inRequest(`${ORIGIN}/enter-data`))).toEqual({ flow: "offers", offerId: 1 });
    // … and sees what it writes itself (stored, too).
    await updateDraft(inRequest(`${ORIGIN}/enter-data`), { offerId: 2 });
    expect(await getDraft(inRequest(`${ORIGIN}/enter-data`))).toEqual({ flow: "offers", offerId: 2 });
    // A handed-out draft is a copy: changing it does not change the request's memo.
    (await getDraft(inRequest(`${ORIGIN}/enter-data`))).offerId = 99;
    expect(await getDraft(inRequest(`${ORIGIN}/enter-data`))).toEqual({ flow: "offers", offerId: 2 });
    forgetRequest(key);
    expect(openRequestMemos()).toBe(0);
    // Other requests (and requests without a key) see the latest write.
    await updateDraft(withCookie(`${ORIGIN}/find-slot`, cookie), { offerId: 4 });
    expect(await getDraft(withCookie(`${ORIGIN}/enter-data`, cookie))).toEqual({ flow: "offers", offerId: 4 });
    expect(await getDraft(inRequest(`${ORIGIN}/enter-data`))).toEqual({ flow: "offers", offerId: 4 });
    forgetRequest(key);
    // A handed-out draft is a copy here too: changing it changes nothing stored or held in memory.
    (await getDraft(withCookie(`${ORIGIN}/enter-data`, cookie))).offerId = 98;
    expect(await getDraft(withCookie(`${ORIGIN}/enter-data`, cookie))).toEqual({ flow: "offers", offerId: 4 });
    // The row is what counts: what was written is in the table, not only in this process's memory.
    const [row] = await db.select({ data: drafts.data }).from(drafts).where(eq(drafts.id, draftIdOf(cookie)));
    expect(row!.data).toMatchObject({ draft: { flow: "offers", offerId: 4 } });
  });

  it("the embedded database's drafts are read without a query once this process has written or read them; PostgreSQL's always with one", async (ctx) => {
    if (skip) ctx.skip();
    const cookie = await updateDraft(new Request(`${ORIGIN}/offers`), { flow: "offers", offerId: 1 });
    const id = draftIdOf(cookie);
    // A change behind this process's back: on PostgreSQL another process may write, so it is seen;
    // PGlite belongs to this process alone (its data directory is locked), so nothing else writes it.
    await db.update(drafts).set({ data: { draft: { flow: "offers", offerId: 5 } } }).where(eq(drafts.id, id));
    const read = await getDraft(withCookie(`${ORIGIN}/find-slot`, cookie));
    expect(read).toEqual({ flow: "offers", offerId: name === "postgres" ? 5 : 1 });
  });

  it("the contact form refuses a 101-character first name in German, naming the field, and stores nothing", async (ctx) => {
    if (skip) ctx.skip();
    const date = nextWeekday(6);
    const draft = await updateDraft(new Request(`${ORIGIN}/find-slot`), {
      flow: "offers",
      offerId: 1,
      date,
      startMin: 600,
      endMin: 720,
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
    });
    const post = (firstName: string) =>
      enterDataAction({
        request: withCookie(`${ORIGIN}/enter-data`, draft, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
          body: new URLSearchParams({ ...CONTACT, message: "", firstName, emailRepeat: CONTACT.email, terms: "on", intent: "book" }),
        }),
        params: {},
        context: context("198.51.100.201"),
      });
    const before = await reservationCount();

    const refused = answerOf(await post("A".repeat(101)));
    expect(refused.status).toBe(400);
    expect(refused.data.alert).toBe("Vorname: höchstens 100 Zeichen erlaubt.");
    // What was typed comes back to the form; nothing was stored.
    expect((refused.data.values as Record<string, string>).firstName).toBe("A".repeat(101));
    expect(await reservationCount()).toBe(before);

    // At the limit the same booking goes through (so the refusal above was the length, nothing else).
    const accepted = await post("A".repeat(100));
    expect(accepted).toBeInstanceOf(Response);
    expect((accepted as Response).status).toBe(302);
    expect(await reservationCount()).toBe(before + 1);
    const [stored] = await db.select().from(reservations).where(eq(reservations.date, date));
    expect(stored!.firstName).toBe("A".repeat(100));
  });

  it("contact data staff can use (issue #28 §6): postcode and phone checked on the server, the phone stored in E.164 with the country", async (ctx) => {
    if (skip) ctx.skip();
    const date = nextWeekday(3);
    const draft = await updateDraft(new Request(`${ORIGIN}/find-slot`), {
      flow: "offers",
      offerId: 1,
      date,
      startMin: 660,
      endMin: 780,
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
    });
    const post = (fields: Record<string, string>) =>
      enterDataAction({
        request: withCookie(`${ORIGIN}/enter-data`, draft, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
          // Its own address and client: the hold limits per e-mail and per client are not what is tested here.
          body: new URLSearchParams({ ...CONTACT, email: "land@example.ch", message: "", emailRepeat: "land@example.ch", terms: "on", intent: "book", ...fields }),
        }),
        params: {},
        context: context("198.51.100.203"),
      });
    const before = await reservationCount();
    // Plausible to the browser's check (ten digits) but in no numbering plan: the server says it, with the field marked.
    const badPhone = answerOf(await post({ phone: "012 345 67 89" }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.data.alert).toBe(MSG.invalidPhone);
    expect(badPhone.data.problems).toEqual([{ field: "phone", message: MSG.invalidPhone }]);
    const badZip = answerOf(await post({ zip: "800", phone: "012 345 67 89" }));
    expect(badZip.data.alert).toBe(MSG.invalidZip);
    expect(badZip.data.problems).toEqual([
      { field: "zip", message: MSG.invalidZip },
      { field: "phone", message: MSG.invalidPhone },
    ]);
    // A German postcode is wrong for Switzerland and right with the country chosen.
    expect(answerOf(await post({ zip: "10115" })).data.alert).toBe(MSG.invalidZip);
    expect(await reservationCount()).toBe(before);

    const accepted = await post({ zip: "10115", city: "Berlin", country: "DE", phone: "0171 1234567" });
    expect((accepted as Response).status).toBe(302);
    const [stored] = await db.select().from(reservations).where(eq(reservations.date, date));
    expect(stored).toMatchObject({ zip: "10115", country: "DE", phone: "+491711234567" });

    // The JSON API: the same rules, Switzerland when no country is sent.
    const api = (body: Record<string, unknown>) =>
      reserveBirthdayApi({
        request: new Request(`${ORIGIN}/api`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ reservationDate: date, selectedSlots: [{ startTime: "14:00", endTime: "16:00" }], numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0, selectedOffer: { offerId: 1 }, ...CONTACT, email: "api-land@example.ch", message: undefined, ...body }),
        }),
        params: {},
        context: context("198.51.100.205"),
      }) as Promise<Response>;
    const refused = await api({ phone: "079 12 34 56" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(MSG.invalidPhone);
    expect(((await (await api({ zip: "CH-8000" })).json()) as { error: string }).error).toBe(MSG.invalidZip);
    const ok = await api({ phone: "+41 (0)79 555 66 77" });
    expect(ok.status).toBe(200);
    const { bookingCode } = (await ok.json()) as { bookingCode: string };
    const [viaApi] = await db.select().from(reservations).where(eq(reservations.code, bookingCode));
    expect(viaApi).toMatchObject({ country: "CH", phone: "+41795556677" });
  });

  it("the JSON API refuses over-long contact fields and wrong id types with a 400 naming the field, storing nothing", async (ctx) => {
    if (skip) ctx.skip();
    const birthday = {
      reservationDate: nextWeekday(0),
      selectedSlots: [{ startTime: "10:00", endTime: "12:00" }],
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
      selectedOffer: { offerId: 1 },
      ...CONTACT,
      message: undefined,
    };
    const game = { reservationDate: nextWeekday(0), locationId: 1, gameType: 1, startTime: "10:00", rounds: 1, players: 4, ...CONTACT, message: undefined };
    const post = (action: typeof reserveBirthdayApi, body: unknown) =>
      action({
        request: new Request(`${ORIGIN}/api`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
        params: {},
        context: context("198.51.100.202"),
      }) as Promise<Response>;
    const before = await reservationCount();

    const cases: [typeof reserveBirthdayApi, unknown, string | RegExp][] = [
      [reserveBirthdayApi, { ...birthday, firstName: "A".repeat(101) }, "Vorname: höchstens 100 Zeichen erlaubt."],
      [reserveBirthdayApi, { ...birthday, street: "S".repeat(201) }, "Strasse und Hausnummer: höchstens 200 Zeichen erlaubt."],
      [reserveBirthdayApi, { ...birthday, message: "M".repeat(2001) }, "Nachricht: höchstens 2000 Zeichen erlaubt."],
      [reserveBirthdayApi, { ...birthday, selectedOffer: { offerId: true } }, /^selectedOffer\.offerId: /],
      [reserveBirthdayApi, { ...birthday, selectedOffer: { offerId: [] } }, /^selectedOffer\.offerId: /],
      [createGameApi, { ...game, lastName: "L".repeat(101) }, "Nachname: höchstens 100 Zeichen erlaubt."],
      [createGameApi, { ...game, locationId: true }, /^locationId: /],
    ];
    for (const [action, body, message] of cases) {
      const response = await post(action, body);
      const answer = (await response.json()) as { error: string };
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message === "string") expect(answer.error).toBe(message);
      else expect(answer.error).toMatch(message);
    }
    expect(await reservationCount()).toBe(before);

    // The same payload at the limits is booked (the refusals above were the fields, nothing else).
    const ok = await post(reserveBirthdayApi, { ...birthday, firstName: "A".repeat(100), message: "M".repeat(2000) });
    expect(ok.status).toBe(200);
    expect(await reservationCount()).toBe(before + 1);
  });
});
