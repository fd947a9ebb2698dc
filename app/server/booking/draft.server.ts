import { randomBytes } from "node:crypto";
import type { ExtraPick } from "~/domain/extras";
import { createCookie, createSession, redirect, type Cookie, type Session } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { databaseGeneration, getDb, isSoleOwner, type Db } from "../platform/db.server";
import { drafts } from "../platform/schema";
import { getEnv } from "../platform/env.server";
import { requestIdOf } from "../platform/log.server";
import { requestMemo } from "../platform/request-memo.server";
import { prepared } from "../platform/prepared.server";

/**
 * The in-progress reservation lives in a `drafts` row named by a signed cookie, so every step works
 * without JavaScript and survives reloads, and what the family types never has to fit into a cookie
 * (a 2,000-character message did not). The server re-checks everything in it before using it.
 */
export type Draft = {
  /** Which path the family is on: the offers path (birthday table) or a game location. */
  flow?: "offers" | "game";
  offerId?: number;
  locationId?: number;
  gameType?: 1 | 2;
  /** Game bookings: total rounds and players. */
  rounds?: number;
  players?: number;
  date?: string;
  numChildren?: number;
  numActiveAdults?: number;
  numAccompanyingAdults?: number;
  startMin?: number;
  endMin?: number;
  couponCode?: string;
  /** Extras chosen on the contact step (issue #30 §2): only counts; the server prices them. */
  extras?: ExtraPick[];
  /** The held or confirmed booking this browser made last (for the payment and confirmation pages). */
  bookingCode?: string;
};

/** What a no-JavaScript form post hands to the page it redirects to (typed values, a check's result). */
export type FormFlash = {
  values: Record<string, string>;
  coupon?: unknown;
  alert?: string;
  /** A confirmation to show once (e.g. extras taken over). */
  notice?: string;
  /** The request that wrote it (see takeFormFlash). */
  writtenBy?: string;
};

type DraftSessionData = { draft: Draft };
type DraftFlashData = { form: FormFlash };

/** A draft unused for this long is gone (the row's expiry, checked on every read, and the cookie's). */
export const DRAFT_TTL_SECONDS = 60 * 60 * 24;

/** Ids are 24 random bytes; anything else in the cookie (an old whole-draft cookie, a forgery) reads as no draft. */
const DRAFT_ID = /^[A-Za-z0-9_-]{32}$/;
const farFuture = () => new Date(Date.now() + DRAFT_TTL_SECONDS * 1000);

type DraftSession = Session<DraftSessionData, DraftFlashData>;
type RowData = Partial<DraftSessionData & DraftFlashData>;

let cookie: Cookie | undefined;
function draftCookie(): Cookie {
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie("fw_draft", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://"),
      secrets: [env.SESSION_SECRET],
      maxAge: DRAFT_TTL_SECONDS,
    });
  }
  return cookie;
}

/*
 * The session storage is Remix's `createSessionStorage` contract (signed cookie with the row id;
 * read, create, update), written out here for one reason: a form post without JavaScript runs the
 * action and then the page's loaders, and each used to read the same row again (three or four reads
 * of one row per request, the largest part of the database work of a family who lost a slot in a
 * rush). The row is now read once per request and kept in the request's memo, which every write of
 * this request updates, so a loader sees exactly what the action wrote. Another request (another
 * tab, another process) always reads the row afresh.
 */
const memoKey = (id: string) => `draft:${id}`;
/** The request memo's entry for the draft id read from the signed cookie (see `draftIdOf`). */
const COOKIE_MEMO_KEY = "draft-cookie";

/*
 * On the embedded database this process is the only reader and writer of the drafts (see
 * `isSoleOwner`), so the rows it wrote or read are kept here and read back without a query: a
 * PGlite query runs on this process's own CPU (~0.5 ms for this one), and every step of every family
 * reads its draft. A miss (a row written before a restart) reads the table; expiry is checked on
 * every hit as the query does. On PostgreSQL other processes write too: no cache, every request reads.
 * Entries are never mutated (cloned on the way in and out), and at most MAX_CACHED_DRAFTS are kept,
 * the least recently used leaving first.
 */
const MAX_CACHED_DRAFTS = 10_000;
type CachedRow = { data: RowData; expiresAt: number };
const rowCaches = new WeakMap<Db, { generation: number; rows: Map<string, CachedRow> }>();

function rowCacheOf(db: Db): Map<string, CachedRow> | null {
  if (!isSoleOwner(db)) return null;
  let cache = rowCaches.get(db);
  // A database set up again (databaseGeneration) starts with an empty cache.
  if (!cache || cache.generation !== databaseGeneration()) rowCaches.set(db, (cache = { generation: databaseGeneration(), rows: new Map() }));
  return cache.rows;
}

function remember(rows: Map<string, CachedRow> | null, id: string, row: CachedRow): void {
  if (!rows) return;
  rows.delete(id);
  rows.set(id, row);
  if (rows.size > MAX_CACHED_DRAFTS) rows.delete(rows.keys().next().value as string);
}

/*
 * Every step of a booking reads its draft, and most write it: on PostgreSQL (which has no row cache
 * here) a statement per page. Built once (see `prepared`) instead of by Drizzle on every call
 * (docs/performance.md, fifteenth pass). The values go in through the columns' encoders (JSON for
 * `data`, a Date for `expiresAt`); the comparison's `now` is an ISO string, as Drizzle sends it.
 */
const draftById = (db: Db) =>
  prepared(db, "draft_by_id", (d) =>
    d
      .select({ data: drafts.data, expiresAt: drafts.expiresAt })
      .from(drafts)
      .where(and(eq(drafts.id, sql.placeholder("id")), gt(drafts.expiresAt, sql.placeholder("now"))))
      .prepare("draft_by_id"),
  );

const draftValues = { id: sql.placeholder("id"), data: sql.placeholder("data"), expiresAt: sql.placeholder("expiresAt") };

const insertDraft = (db: Db) => prepared(db, "insert_draft", (d) => d.insert(drafts).values(draftValues).prepare("insert_draft"));

const saveDraft = (db: Db) =>
  prepared(db, "save_draft", (d) =>
    d
      .insert(drafts)
      .values(draftValues)
      .onConflictDoUpdate({ target: drafts.id, set: { data: sql`excluded.data`, expiresAt: sql`excluded.expires_at` } })
      .prepare("save_draft"),
  );

async function readRow(request: Request, id: string): Promise<RowData | null> {
  const memo = requestMemo(request);
  if (memo?.has(memoKey(id))) return structuredClone(memo.get(memoKey(id)) as RowData | null);
  const db = await getDb();
  const rows = rowCacheOf(db);
  const cached = rows?.get(id);
  let data: RowData | null;
  if (cached && cached.expiresAt > Date.now()) {
    remember(rows, id, cached);
    data = cached.data;
  } else {
    if (cached) rows!.delete(id);
    const [row] = await draftById(db).execute({ id, now: new Date().toISOString() });
    data = row ? structuredClone((row.data as RowData | undefined) ?? null) : null;
    // A write of this row that finished while the query ran has put the newer data in already.
    if (row && data && !rows?.has(id)) remember(rows, id, { data, expiresAt: row.expiresAt.getTime() });
  }
  memo?.set(memoKey(id), data);
  return structuredClone(data);
}

async function writeRow(request: Request, id: string | null, data: RowData): Promise<string> {
  const expiresAt = farFuture();
  const db = await getDb();
  if (id) {
    await saveDraft(db).execute({ id, data, expiresAt });
  } else {
    id = randomBytes(24).toString("base64url");
    await insertDraft(db).execute({ id, data, expiresAt });
  }
  const stored = structuredClone(data);
  remember(rowCacheOf(db), id, { data: stored, expiresAt: expiresAt.getTime() });
  requestMemo(request)?.set(memoKey(id), stored);
  return id;
}

export async function getDraftSession(request: Request): Promise<DraftSession> {
  const id = await draftIdOf(request);
  const data = id ? await readRow(request, id) : null;
  return createSession<DraftSessionData, DraftFlashData>((data ?? {}) as DraftSessionData, id);
}

/**
 * The draft's row id from the signed cookie ("" when there is none or its signature is wrong). The
 * signature is checked once per request (an HMAC, ~30 µs under load), not again by every loader.
 */
async function draftIdOf(request: Request): Promise<string> {
  const memo = requestMemo(request);
  const known = memo?.get(COOKIE_MEMO_KEY);
  if (typeof known === "string") return known;
  const header = request.headers.get("Cookie");
  const parsed: unknown = header ? await draftCookie().parse(header) : null;
  const id = typeof parsed === "string" && DRAFT_ID.test(parsed) ? parsed : "";
  memo?.set(COOKIE_MEMO_KEY, id);
  return id;
}

/** Stores the session's data (a new row when it has none yet) and returns the Set-Cookie header value. */
async function commitDraftSession(request: Request, session: DraftSession): Promise<string> {
  const id = await writeRow(request, session.id || null, session.data as RowData);
  return draftCookie().serialize(id);
}

export async function getDraft(request: Request): Promise<Draft> {
  return (await getDraftSession(request)).get("draft") ?? {};
}

/** Merges `changes` into the draft (and sets a one-time form flash) and returns the Set-Cookie header value. */
export async function updateDraft(
  request: Request,
  changes: Partial<Draft> | ((d: Draft) => Draft),
  flash?: FormFlash,
): Promise<string> {
  const session = await getDraftSession(request);
  const current = session.get("draft") ?? {};
  const next = typeof changes === "function" ? changes(current) : { ...current, ...changes };
  session.set("draft", next);
  if (flash) session.flash("form", { ...flash, writtenBy: requestIdOf(request) });
  return commitDraftSession(request, session);
}

/** Reads (and thereby clears) the form flash; returns the Set-Cookie value that clears it. */
export async function takeFormFlash(request: Request): Promise<{ flash: FormFlash | null; cookie: string | null }> {
  const session = await getDraftSession(request);
  // A page posted without JavaScript runs its loader in the same request right after the action;
  // the draft row is already updated then (a cookie was not), so a flash the action just wrote for
  // the family's return must be left for that return, not taken here.
  const pending = (session.data as Record<string, unknown>)["__flash_form__"] as FormFlash | undefined;
  if (pending?.writtenBy !== undefined && pending.writtenBy === requestIdOf(request)) return { flash: null, cookie: null };
  const flash = session.get("form") ?? null;
  return { flash, cookie: flash ? await commitDraftSession(request, session) : null };
}

export async function clearDraft(request: Request, keep: Partial<Draft> = {}): Promise<string> {
  return updateDraft(request, () => ({ ...keep }));
}

export function redirectWithDraft(url: string, setCookie: string) {
  return redirect(url, { headers: { "Set-Cookie": setCookie } });
}

type Shared = { date: string; startMin: number; endMin: number; couponCode?: string; bookingCode?: string; extras?: ExtraPick[] };
export type BirthdayDraft = Shared & {
  kind: "birthday";
  offerId: number;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
};
export type GameDraft = Shared & { kind: "game"; locationId: number; gameType: 1 | 2; rounds: number; players: number };
export type CompleteDraft = BirthdayDraft | GameDraft;

/** Sends a visitor who skipped a step back to the first one that is missing. */
export async function requireCompleteDraft(request: Request): Promise<CompleteDraft> {
  const d = await getDraft(request);
  const shared = { couponCode: d.couponCode, bookingCode: d.bookingCode, extras: d.extras };
  if (d.flow === "game") {
    if (d.locationId === undefined) throw redirect("/games");
    if (d.gameType === undefined) throw redirect(`/game?locationId=${d.locationId}`);
    if (d.date === undefined || d.startMin === undefined || d.endMin === undefined || d.rounds === undefined || d.players === undefined) {
      throw redirect(d.date ? `/slot?date=${d.date}` : `/date?day=7&locationId=${d.locationId}`);
    }
    return { kind: "game", ...shared, locationId: d.locationId, gameType: d.gameType, rounds: d.rounds, players: d.players, date: d.date, startMin: d.startMin, endMin: d.endMin };
  }
  if (d.offerId === undefined) throw redirect("/offers");
  if (
    d.date === undefined ||
    d.startMin === undefined ||
    d.endMin === undefined ||
    d.numChildren === undefined ||
    d.numActiveAdults === undefined ||
    d.numAccompanyingAdults === undefined
  ) {
    throw redirect("/find-slot");
  }
  return {
    kind: "birthday",
    ...shared,
    offerId: d.offerId,
    numChildren: d.numChildren,
    numActiveAdults: d.numActiveAdults,
    numAccompanyingAdults: d.numAccompanyingAdults,
    date: d.date,
    startMin: d.startMin,
    endMin: d.endMin,
  };
}

/** Expired drafts are deleted by the background sweep (server.ts → background.server.ts). */
export async function sweepExpiredDrafts(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(drafts).where(lt(drafts.expiresAt, now));
  const rows = rowCacheOf(db);
  for (const [id, row] of rows ?? []) if (row.expiresAt < now.getTime()) rows!.delete(id);
}
