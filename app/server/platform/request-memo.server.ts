import { randomBytes } from "node:crypto";

/**
 * A scratchpad for one HTTP request, shared by its action and all its loaders. A form post without
 * JavaScript runs the action and then every loader of the page, each with its own `Request` object
 * (same headers, but not the same signal), so a per-object cache would not see them as one request.
 * The HTTP edge stamps every request with a key of its own (the header below, overwritten whatever
 * the client sent, so no client can share another request's memo) and forgets the memo when Remix
 * has answered. Requests built elsewhere (tests calling a loader directly) carry no key and get no
 * memo: every read goes to the database, as before.
 */
export const REQUEST_KEY_HEADER = "x-funworld-request-key";

const memos = new Map<string, Map<string, unknown>>();
const prefix = randomBytes(6).toString("base64url");
let counter = 0;

/** A new key for a request entering the server (set as REQUEST_KEY_HEADER on the Remix request). */
export function newRequestKey(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}.${counter}`;
}

/** The memo of the request this `Request` belongs to, or undefined outside the HTTP edge. */
export function requestMemo(request: Request): Map<string, unknown> | undefined {
  const key = request.headers.get(REQUEST_KEY_HEADER);
  if (!key) return undefined;
  let memo = memos.get(key);
  if (!memo) {
    memo = new Map();
    memos.set(key, memo);
  }
  return memo;
}

/** Called by the HTTP edge once Remix has answered the request. */
export function forgetRequest(key: string): void {
  memos.delete(key);
}

/** For tests: how many requests hold a memo right now (0 when idle: nothing leaks). */
export function openRequestMemos(): number {
  return memos.size;
}
