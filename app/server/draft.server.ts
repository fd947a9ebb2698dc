import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { getEnv } from "./env.server";

/**
 * The in-progress reservation lives in its own signed cookie, so every step works without
 * JavaScript and survives reloads; the server re-checks everything in it before using it.
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
  /** The held or confirmed booking this browser made last (for the payment and confirmation pages). */
  bookingCode?: string;
};

/** What a no-JavaScript form post hands to the page it redirects to (typed values, a check's result). */
export type FormFlash = { values: Record<string, string>; coupon?: unknown; alert?: string };

type DraftSessionData = { draft: Draft };
type DraftFlashData = { form: FormFlash };

let storage: ReturnType<typeof createCookieSessionStorage<DraftSessionData, DraftFlashData>> | undefined;

function draftStorage() {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage<DraftSessionData, DraftFlashData>({
      cookie: {
        name: "fw_draft",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://"),
        secrets: [env.SESSION_SECRET],
        maxAge: 60 * 60 * 24,
      },
    });
  }
  return storage;
}

export async function getDraftSession(request: Request): Promise<Session<DraftSessionData, DraftFlashData>> {
  return draftStorage().getSession(request.headers.get("Cookie"));
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
  if (flash) session.flash("form", flash);
  return draftStorage().commitSession(session);
}

/** Reads (and thereby clears) the form flash; returns the Set-Cookie value that clears it. */
export async function takeFormFlash(request: Request): Promise<{ flash: FormFlash | null; cookie: string | null }> {
  const session = await getDraftSession(request);
  const flash = session.get("form") ?? null;
  return { flash, cookie: flash ? await draftStorage().commitSession(session) : null };
}

export async function clearDraft(request: Request, keep: Partial<Draft> = {}): Promise<string> {
  return updateDraft(request, () => ({ ...keep }));
}

export function redirectWithDraft(url: string, setCookie: string) {
  return redirect(url, { headers: { "Set-Cookie": setCookie } });
}

type Shared = { date: string; startMin: number; endMin: number; couponCode?: string; bookingCode?: string };
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
  const shared = { couponCode: d.couponCode, bookingCode: d.bookingCode };
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
