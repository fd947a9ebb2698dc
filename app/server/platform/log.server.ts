import { randomUUID } from "node:crypto";
import pino from "pino";
import { LOG_LEVELS } from "./env.server";

/**
 * One JSON line per request and per error on stdout (docs/decisions.md "Logging"). Operators read
 * it with any log shipper; tests silence it with LOG_LEVEL=silent.
 */
const wanted = process.env.LOG_LEVEL?.trim() || (process.env.VITEST ? "silent" : "info");
export const log = pino({
  // Loaded before the configuration is checked: an unknown level must not throw here (pino would,
  // with a stack trace); the server then stops with the one-line LOG_LEVEL error from env.server.
  level: (LOG_LEVELS as readonly string[]).includes(wanted) ? wanted : "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

/** The request id header: set on the response for the family's bug report and on the Remix request for handleError. */
export const REQUEST_ID_HEADER = "x-request-id";

/** A caller's own id is kept only when it looks like one (no log injection through a header). */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** The request id Remix sees (server.ts puts it on the request it builds). */
export function requestIdOf(request: Request): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** Logs an error with the request it belongs to and its stack (never sent to the browser). */
export function logError(error: unknown, request?: Request, message = "request failed") {
  log.error({ reqId: request ? requestIdOf(request) : undefined, err: loggableError(error) }, message);
}

/** What an error may put into a log line. */
export type LoggableError = { type: string; message: string; stack?: string; cause?: string };

/**
 * An error as it may be logged or printed. Drizzle writes a failed query's parameters into its
 * message ("Failed query: … params: …"): a password hash, a name, an e-mail address, a manage
 * link's token hash. They are replaced by their count; the SQL and the database's own reason (the
 * error's cause, e.g. a violated constraint) stay, which is what an operator needs.
 */
export function loggableError(error: unknown): LoggableError {
  const err = error instanceof Error ? error : new Error(describe(error));
  const failedQuery = withParams(err) ? err : err.cause instanceof Error && withParams(err.cause) ? err.cause : null;
  if (!failedQuery) return { type: err.name, message: err.message, stack: err.stack };
  const hidden = failedQuery.message.replace(/\nparams: [\s\S]*$/, `\nparams: [${failedQuery.params.length} hidden]`);
  const scrub = (text: string | undefined) => text?.split(failedQuery.message).join(hidden);
  const cause = failedQuery.cause instanceof Error ? failedQuery.cause.message : undefined;
  return { type: err.name, message: scrub(err.message)!, stack: scrub(err.stack), ...(cause ? { cause } : {}) };
}

function withParams(error: Error): error is Error & { query: string; params: unknown[] } {
  const fields = error as Error & { query?: unknown; params?: unknown };
  return typeof fields.query === "string" && Array.isArray(fields.params);
}

/**
 * An error in one line for a log message: its own first line (Drizzle's "Failed query: <sql>" without
 * the parameters), then each cause's first line with its code, e.g. `Failed query: select … ←
 * terminating connection due to administrator command (57P01)`. The operator sees the cause without
 * a multi-line stack.
 */
export function oneLineError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    let text = typeof e.message === "string" ? e.message.split("\n")[0]! : "";
    // An unreachable host resolving to several addresses: an AggregateError whose own message is empty.
    if (!text && Array.isArray(e.errors) && e.errors.length) text = oneLineError(e.errors[0]);
    if (!text) text = describe(current);
    if (typeof e.code === "string" && !text.includes(e.code)) text += ` (${e.code})`;
    if (text) parts.push(text);
    current = e.cause;
  }
  return parts.join(" ← ");
}

/** A thrown Response or Remix error response names its status instead of `[object Object]`. */
function describe(error: unknown): string {
  if (error && typeof error === "object" && "status" in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return `${String(status)} ${typeof statusText === "string" ? statusText : ""}`.trim();
  }
  return String(error);
}

/**
 * Renders aborted by the timeout in entry.server.tsx. On globalThis: the production bundle and
 * server.ts each load their own copy of this module.
 */
function abortedRenders(): WeakSet<Request> {
  const registry = globalThis as unknown as { __funWorldAbortedRenders?: WeakSet<Request> };
  return (registry.__funWorldAbortedRenders ??= new WeakSet());
}

export function markRenderAborted(request: Request) {
  abortedRenders().add(request);
}

export function renderWasAborted(request: Request): boolean {
  return abortedRenders().has(request);
}

/** Requests whose work failed because the database connection was lost (entry.server.tsx `handleError`). */
function lostConnections(): WeakSet<Request> {
  const registry = globalThis as unknown as { __funWorldLostConnections?: WeakSet<Request> };
  return (registry.__funWorldLostConnections ??= new WeakSet());
}

export function markConnectionLost(request: Request) {
  lostConnections().add(request);
}

export function connectionWasLost(request: Request): boolean {
  return lostConnections().has(request);
}
