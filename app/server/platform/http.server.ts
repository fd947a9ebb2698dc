import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { databaseUnavailable } from "./db-health.server";
import { connectionWasLost, log, loggableError, oneLineError, renderWasAborted, REQUEST_ID_HEADER, requestIdFrom } from "./log.server";
import { isConnectionLoss } from "./db.server";
import { recordRequest } from "./metrics.server";
import { forgetRequest, newRequestKey, REQUEST_KEY_HEADER } from "./request-memo.server";

/** The `route` label of the request metrics (server.ts sets it from the build's routes). */
let labelRoute: (path: string) => string = () => "unlabelled";
export function labelRoutesWith(labeller: (path: string) => string) {
  labelRoute = labeller;
}

/*
 * The HTTP edge in front of Remix (docs/decisions.md "Request limits", docs/security.md): bad
 * requests are answered here with a short German 4xx before any route or the database sees them.
 */

/** Form posts: the largest real one (contact form with a 2,000-character message) is under 10 KB. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** JSON API bodies: a booking payload is under 5 KB; room for the message and provider webhooks. */
export const JSON_BODY_LIMIT = 256 * 1024;
/**
 * The one page that takes a file (the venue logo, at most 512 KB — the page says so beside the
 * field, in German): its multipart posts may be larger and carry binary bytes (NUL included), which
 * the page checks itself (type by content, text fields without control characters). Its other
 * posts keep the form limit.
 */
export const UPLOAD_BODY_LIMIT = 1024 * 1024;
const UPLOAD_PATHS = new Set(["/admin/einstellungen/betrieb", "/admin/einstellungen/betrieb.data"]);
/** The bank file (camt.054, XML text) on /admin/rechnungen: as large as the logo's post, but text — a NUL is refused as everywhere. */
const TEXT_FILE_PATHS = new Set(["/admin/rechnungen", "/admin/rechnungen.data"]);

const MESSAGES = {
  nul: "Ungültige Anfrage: unerlaubtes Zeichen (NUL).",
  tooLarge: "Die Anfrage ist zu gross.",
  contentType: "Ungültige Anfrage: Formulardaten erwartet.",
  badForm: "Ungültige Anfrage: Formulardaten nicht lesbar.",
  origin: "Ungültige Anfrage (Herkunft).",
  maintenance: "Wartungsarbeiten – bitte später erneut versuchen.",
  serverError: "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.",
  busy: "Im Moment sind sehr viele Anfragen gleichzeitig unterwegs. Bitte laden Sie die Seite in einigen Sekunden neu.",
  tooMany: "Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  method: "Diese Anfragemethode wird nicht unterstützt.",
} as const;

/**
 * The methods that reach the app. Pages and the API use GET, HEAD and POST; the other standard ones
 * get each route's own 405. Anything else is refused here: the Fetch API cannot even represent a
 * `TRACE` (building the request for Remix threw, a logged 500), and for a `PROPFIND` Remix answered
 * "Unexpected Server Error". (Node's parser itself refuses methods it does not know, e.g. `TRACK`,
 * and closes a `CONNECT`.)
 */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isApi = (path: string) => path.startsWith("/api/");

type Locals = { requestId: string; body?: Buffer; originHost?: string };
const locals = (res: ExpressResponse) => res.locals as Locals;

/** Answers in the caller's language: JSON `{error}` for the API, short text for pages and forms. */
export function refuse(req: ExpressRequest, res: ExpressResponse, status: number, message: string) {
  if (res.headersSent) return;
  if (isApi(req.path)) res.status(status).json({ error: message });
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}

/**
 * Every family route also answers under `/:lang?/…` (issue #33), and a route parameter takes any
 * segment: `/xx/buchung/<token>`, `/offers/buchung/<token>` or `/FR/…` (Remix matches without case)
 * would reach a page's loader and action past the look-up budget, the log redaction and the
 * Referrer-Policy, which know `/fr|/it|/en` only. So before Remix, a path must be one of the app's
 * routes once a lowercase `fr`/`it`/`en` prefix is taken off, the language segment not counted;
 * anything else becomes the site's 404 (rewritten to a path the root answers 404 for). Single-fetch
 * data requests (`/offers.data`, `/_root.data`) are checked by their page's path.
 */
export function knownPathsOnly(routePaths: readonly string[], patternRegex: (pattern: string) => RegExp) {
  const regexes = (paths: readonly string[]) => [...new Set(paths.map((p) => `/${p.replace(/^:lang\?\/?/, "")}`.replace(/\/+$/, "") || "/"))].map(patternRegex);
  const all = regexes(routePaths);
  // Under a prefix only the family pages: `/fr/admin` is no page either.
  const family = regexes(routePaths.filter((p) => p.startsWith(":lang?")));
  return (req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    const data = req.path.endsWith(".data");
    let path = data ? req.path.slice(0, -".data".length) : req.path;
    if (data && path === "/_root") path = "/";
    const prefix = /^\/(fr|it|en)(?=\/|$)/.exec(path);
    const rest = prefix ? path.slice(prefix[0].length) || "/" : path;
    if (!(prefix ? family : all).some((regex) => regex.test(rest))) req.url = data ? "/_not-found.data" : "/_not-found";
    next();
  };
}

/** Manage, payment and invitation links carry a secret in the path (`/buchung/<token>/…`, `/zahlung/<token>`, `/einladung/[antwort/]<token>`): it never reaches the log. */
export function redactPath(path: string): string {
  // Also under a language prefix (`/fr/buchung/<token>`, issue #33), and under any first segment or
  // case a request may try (`/xx/Buchung/<token>` is refused, but still logged).
  return path.replace(/^(\/[^/]+)?\/(buchung|zahlung)\/[^/]+/i, "$1/$2/:token").replace(/^(\/[^/]+)?\/(einladung)\/(antwort\/)?[^/]+/i, "$1/$2/$3:token");
}

/** A budget of misses per client (e.g. unknown links), kept where all processes see it. */
export type MissBudget = {
  /**
   * Counts one look-up before it is made: `refused` when the client is over its budget, otherwise
   * `found()` gives the point back when the look-up was not a miss.
   */
  reserve(client: string): Promise<{ refused: { retryAfterSeconds: number } } | { refused: null; found: () => Promise<void> }>;
  /** The refusal page for a path (worded in its language by the caller, issue #33); undefined: the German one. */
  refusedPage?: (path: string) => string | undefined;
};

/**
 * Paths that carry a secret (a manage link's 32 random bytes): guessing one is hopeless, but every
 * guess is a database look-up. Every request is counted before it goes on (so parallel guesses are
 * counted like sequential ones), and gets its point back unless it was answered 404: a client whose
 * look-ups keep missing is refused with a 429 page (in the path's language, `refusedPage`) before anything is looked up. If the
 * budget cannot be read, the request goes on: the page itself then answers (or shows the
 * maintenance page).
 */
export function secretLinkMisses(paths: RegExp, budget: MissBudget) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!paths.test(req.path)) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    budget
      .reserve(client)
      .then((attempt) => {
        if (attempt.refused) {
          res.setHeader("Retry-After", String(attempt.refused.retryAfterSeconds));
          res.setHeader("Cache-Control", "no-store");
          return void res.status(429).type("text/html; charset=utf-8").send(budget.refusedPage?.(req.path) ?? simplePage("Zu viele Anfragen", MESSAGES.tooMany));
        }
        res.on("close", () => {
          if (res.statusCode === 404 && res.writableFinished) return;
          attempt.found().catch((error: unknown) => log.warn({ err: loggableError(error) }, "link look-up not given back"));
        });
        next();
      })
      .catch((error: unknown) => {
        log.warn({ err: loggableError(error) }, "link misses not readable");
        next();
      });
  };
}

/**
 * The benchmark's floor pages (`/bench/empty`, `/bench/ssr`, `/bench/ssr-hydrated`) are answered
 * only where they are wanted: outside production, or with BENCH_PAGES=true (the bench's server).
 * Elsewhere they do not exist (404), like any other unknown path.
 */
export function benchPages(served: boolean) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (served || !/^\/bench(\/|\.|$)/.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-store");
    refuse(req, res, 404, "Nicht gefunden.");
  };
}

/** Request id on the response and one JSON log line per request (path only: query strings can carry codes). */
export function requestLog(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const started = process.hrtime.bigint();
  // Taken now: mounted middleware rewrites `req.url` (`/assets` is stripped, a precompressed file
  // gets `.br`), and the log and the metrics name what the client asked for.
  const requestedPath = req.path;
  const requestId = requestIdFrom(req.get(REQUEST_ID_HEADER));
  locals(res).requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  res.on("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    recordRequest(req.method, labelRoute(requestedPath), res.statusCode, seconds);
    const entry = {
      reqId: requestId,
      method: req.method,
      path: redactPath(requestedPath),
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (res.statusCode >= 500) log.error(entry, "request");
    else log.info(entry, "request");
  });
  next();
}

const hasNul = (text: string) => text.includes("\0") || /%00/i.test(text);

/**
 * NUL anywhere, oversized or unreadable bodies, and form routes posted with something that is not
 * a form: 400/413/415 before parsing. The body is read here (bounded) and handed to Remix as is.
 */
export async function guardRequest(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (hasNul(req.originalUrl)) return refuse(req, res, 400, MESSAGES.nul);
  if (!ROUTED_METHODS.has(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST");
    return refuse(req, res, 405, MESSAGES.method);
  }
  // OPTIONS is answered here for every path (no CORS: the site serves only itself). Remix answered
  // it with a 405 "Unexpected Application Error!" on pages, ran the loader of some APIs and a 400
  // "Unexpected Server Error" on others.
  if (req.method === "OPTIONS") {
    res.setHeader("Allow", "GET, HEAD, POST");
    res.setHeader("Cache-Control", "no-store");
    return void res.status(204).end();
  }
  if (req.method === "GET" || req.method === "HEAD") return next();

  const api = isApi(req.path);
  const multipartPost = (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const upload = UPLOAD_PATHS.has(req.path) && multipartPost;
  const textFile = TEXT_FILE_PATHS.has(req.path) && multipartPost;
  const limit = api ? JSON_BODY_LIMIT : upload || textFile ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  const declared = Number(req.get("content-length") ?? "0");
  if (declared > limit) return tooLarge(req, res);

  // A post without a body and without a type (a bare sign-out, a script's empty POST) is an empty form.
  if (!api && req.get("content-type") === undefined && declared === 0 && req.get("transfer-encoding") === undefined) {
    req.headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const contentType = (req.get("content-type") ?? "").toLowerCase();
  const urlencoded = contentType.startsWith("application/x-www-form-urlencoded");
  const multipart = contentType.startsWith("multipart/form-data");
  // Pages take only what a browser's form sends; the JSON API checks its bodies itself (400 with the field).
  if (!api && !urlencoded && !multipart) return refuse(req, res, 415, MESSAGES.contentType);
  if (multipart && !/;\s*boundary=("?)[^";]+\1/.test(contentType)) return refuse(req, res, 400, MESSAGES.badForm);

  let body: Buffer;
  try {
    body = await readBounded(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge(req, res);
    return refuse(req, res, 400, MESSAGES.badForm);
  }
  // A raw NUL anywhere; in a urlencoded body a percent-encoded one. The JSON API parses every body as
  // JSON, whatever type it declares, so there the JSON escape is checked for every type (on a page,
  // `\u0000` in a form is six characters a family may type).
  const text = body.toString("latin1");
  if ((body.includes(0) && !upload) || (urlencoded && /%00/i.test(text)) || (api && /\\u0000/i.test(text))) {
    return refuse(req, res, 400, MESSAGES.nul);
  }
  if (multipart) {
    // A boundary that does not match the body makes Remix's formData() throw (a 500): checked here.
    const ok = await new Response(new Uint8Array(body), { headers: { "content-type": req.get("content-type") ?? "" } })
      .formData()
      .then(() => true, () => false);
    if (!ok) return refuse(req, res, 400, MESSAGES.badForm);
  }
  locals(res).body = body;
  next();
}

/** What the edge still reads (and throws away) of a refused body, so the client can finish sending and read the 413. */
const DISCARD_LIMIT = 2 * 1024 * 1024;
const DISCARD_MS = 5_000;

function tooLarge(req: ExpressRequest, res: ExpressResponse) {
  // A client still writing its body gets a reset instead of the answer when the server answers and
  // closes at once (EPIPE/ECONNRESET on its side). So the rest of the body is read and thrown away
  // first, and the 413 is sent once it has arrived — at most DISCARD_LIMIT bytes and DISCARD_MS;
  // beyond that the answer goes out and the socket is destroyed. The connection is closed afterwards.
  let discarded = 0;
  let answered = false;
  const answer = (destroy: boolean) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    res.setHeader("Connection", "close");
    refuse(req, res, 413, MESSAGES.tooLarge);
    if (destroy) res.on("finish", () => req.destroy());
  };
  const timer = setTimeout(() => answer(true), DISCARD_MS);
  timer.unref();
  if (req.readableEnded || req.complete) return answer(false);
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) answer(true);
  });
  req.on("end", () => answer(false));
  req.on("error", () => answer(true));
  req.resume();
}

class BodyTooLarge extends Error {}

function readBounded(req: ExpressRequest, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * `X-Forwarded-Host` only from a proxy that TRUST_PROXY trusts (as Express's `req.hostname` does);
 * from anyone else it is ignored — and not handed to Remix, whose CSRF check would compare it with
 * the `Origin` and answer a mismatch with a 500.
 */
export function trustedForwardedHost(req: ExpressRequest): string | undefined {
  const header = req.get("x-forwarded-host");
  if (!header) return undefined;
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  if (!trust?.(req.socket.remoteAddress ?? "", 0)) return undefined;
  return header.split(",")[0]!.trim() || undefined;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Cross-site form posts get a clear 403 (Remix would answer them with a 500); `Origin: null` counts
 * as foreign. So does a post whose trusted proxy names another host (`X-Forwarded-Host`) than the
 * page it came from: a real mismatch is a German 403, never Remix's 500.
 */
export function sameOriginPosts(trustedOrigins: Set<string>) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const origin = req.get("origin");
    if (req.method === "GET" || req.method === "HEAD" || origin === undefined) return next();
    const own = `${req.protocol}://${req.get("host")}`;
    const forwarded = trustedForwardedHost(req);
    const matchesProxy = forwarded === undefined || hostOf(origin) === forwarded;
    if (origin === own && matchesProxy) return next();
    if (trustedOrigins.has(origin) && matchesProxy) {
      // A post from the site's own PUBLIC_URL through a proxy that sends the upstream's Host (nginx's
      // default `proxy_pass http://127.0.0.1:3000`) and no X-Forwarded-Host: Remix's CSRF check would
      // compare that Host with the Origin and answer a 500. The origin is ours; Remix sees its host.
      if (forwarded === undefined) locals(res).originHost = hostOf(origin) ?? undefined;
      return next();
    }
    refuse(req, res, 403, MESSAGES.origin);
  };
}

/**
 * Remix's Express adapter, with two changes: the body is the one `guardRequest` already read, and a
 * 500 while the database is unreachable becomes the 503 maintenance answer.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const key = newRequestKey();
    try {
      const request = toFetchRequest(req, res, key);
      let response: Response;
      try {
        response = await handle(request, options.getLoadContext(req, res));
      } finally {
        // The action and loaders are done (a document's render reads nothing more).
        forgetRequest(key);
      }
      if (response.status === 500 && (connectionWasLost(request) || (await databaseUnavailable()))) {
        await response.body?.cancel();
        return maintenance(req, res);
      }
      const reads = req.method === "GET" || req.method === "HEAD";
      if (isApi(req.path) && response.headers.has("X-Remix-Error") && (response.status === 405 || (response.status === 400 && reads))) {
        // Remix's answer to a write on a route that only reads (the methods reaching it are standard
        // ones: ROUTED_METHODS) is `{"message":"Unexpected Server Error"}` with 405, and to a read of
        // a route that only writes (`GET /api/vouchers`) the same with 400: the API answers as its
        // own routes do, with 405 and what it allows.
        await response.body?.cancel();
        res.setHeader("Allow", reads ? "POST" : "GET, HEAD");
        return void res.status(405).json({ error: "method not allowed" });
      }
      // A page without an action (POST /date, PUT /): the root error boundary's German 405 page,
      // with what the page allows.
      if (response.status === 405 && !isApi(req.path) && !reads) res.setHeader("Allow", "GET, HEAD");
      if (response.status === 500 && renderWasAborted(request)) {
        // Logged where it happened (entry.server.tsx); the family gets a page to retry, not a broken one.
        await response.body?.cancel();
        res.setHeader("Retry-After", "5");
        return void res.status(503).type("text/html; charset=utf-8").send(simplePage("Bitte erneut versuchen", MESSAGES.busy));
      }
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

export function maintenance(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Retry-After", "30");
  if (isApi(req.path)) return refuse(req, res, 503, MESSAGES.maintenance);
  res.status(503).type("text/html; charset=utf-8").send(simplePage("Wartungsarbeiten", MESSAGES.maintenance));
}

/** The last resort: logged with its stack, answered without one. */
export function errorHandler(error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) {
  // Express's own 4xx (a path that is not valid percent-encoding, a static file request it refuses).
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (res.headersSent) return res.destroy();
    return refuse(req, res, status, status === 404 ? "Nicht gefunden." : "Ungültige Anfrage.");
  }
  if (isConnectionLoss(error)) {
    log.warn({ reqId: locals(res).requestId, cause: oneLineError(error) }, "database connection lost during the request");
    if (res.headersSent) return res.destroy();
    return maintenance(req, res);
  }
  log.error({ reqId: locals(res).requestId, err: loggableError(error) }, "unhandled error");
  if (res.headersSent) return res.destroy();
  if (isApi(req.path)) return refuse(req, res, 500, MESSAGES.serverError);
  res.status(500).type("text/html; charset=utf-8").send(simplePage("Fehler", MESSAGES.serverError));
}


/** A page without the app around it, for answers given when the app itself cannot render. */
export function simplePage(title: string, message: string, frame: { lang: string; toHome: string; home: string } = { lang: "de", toHome: "Zur Startseite", home: "/" }): string {
  return `<!DOCTYPE html><html lang="${frame.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – Fun World</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p><p><a href="${frame.home}">${frame.toHome}</a></p></body></html>`;
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, key: string): Request {
  // As the adapter: req.hostname respects "trust proxy"; the port comes from the Host header.
  const forwardedHost = trustedForwardedHost(req);
  const port = (forwardedHost ?? req.get("host") ?? "").split(":")[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  // An untrusted X-Forwarded-Host is dropped: Remix's CSRF check would believe it (and throw a 500).
  if (forwardedHost === undefined) headers.delete("x-forwarded-host");
  const originHost = locals(res).originHost;
  if (originHost) headers.set("host", originHost);
  headers.set(REQUEST_ID_HEADER, locals(res).requestId);
  headers.set(REQUEST_KEY_HEADER, key);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  // A page whose visitor left stops rendering. A JSON call runs to its end either way (its
  // transaction is not cut off), so it is spared the second abort signal and its listeners (~10 µs
  // of ~350 per call; a booking makes ~16 such calls under contention, docs/performance.md).
  if (!isApi(req.path)) {
    let controller: AbortController | null = new AbortController();
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    init.signal = controller.signal;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = locals(res).body;
    if (body) init.body = new Uint8Array(body);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

/** Bodies that arrive over time by design (deferred data would, if a route ever used it). */
const STREAMED = /^(text\/event-stream|text\/remix-deferred)/;

/** What is worth compressing of the app's own answers (documents, JSON, single-fetch data, text). */
const COMPRESSIBLE = /^(text\/|application\/json)/;
/** `compression`'s threshold; brotli at quality 4 (fast). Equal preferences follow the client's
 * order (Chrome's "gzip, deflate, br" gets gzip, the cheaper one). */
const COMPRESS_MIN_BYTES = 1024;
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * gzip at level 1, as nginx compresses dynamic answers by default, with a window no larger than the
 * body. A page is written once per request: under load zlib's default level 6 cost ~0.23 ms per
 * 12 kB page, about a tenth of a lost booking's CPU, for 6 % fewer bytes (4.0 instead of 3.8 kB
 * sent); the smaller window (the same output for a body that fits in it) asks zlib for less memory
 * per answer (docs/performance.md, twelfth pass).
 */
function gzipFast(body: Buffer): Buffer {
  const windowBits = Math.max(9, Math.min(15, Math.ceil(Math.log2(body.length + 262))));
  return gzipSync(body, { level: 1, windowBits });
}

/**
 * A whole body, compressed in one synchronous call as the browser accepts (Express's
 * `acceptsEncodings` does the negotiation). `compression` would open a zlib stream per answer,
 * which costs more than compressing a 10–20 kB page itself (docs/performance.md); it leaves an
 * answer that is already encoded alone, and still handles everything else (streams, static files).
 */
function encodeWhole(req: ExpressRequest, res: ExpressResponse, body: Buffer): Buffer {
  if (body.length < COMPRESS_MIN_BYTES || res.getHeader("Content-Encoding") || !COMPRESSIBLE.test(String(res.getHeader("Content-Type") ?? ""))) {
    return body;
  }
  res.vary("Accept-Encoding");
  const encoding = req.acceptsEncodings("br", "gzip");
  if (encoding !== "br" && encoding !== "gzip") return body;
  res.setHeader("Content-Encoding", encoding);
  return encoding === "br" ? brotliCompressSync(body, BROTLI_FAST) : gzipFast(body);
}

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) return void res.end();
  // Everything is sent whole, with its length: JSON, single-fetch data, redirects, text, and HTML
  // documents too. No route defers data, so a document's HTML is complete a moment after React's
  // shell (only Remix's small data scripts follow); streaming it bought no earlier first byte but
  // ran every 2 kB piece (and each data script) through its own gzip call — the largest single
  // cost of a small page (docs/performance.md). Whole, it is compressed in one call (bodies under
  // 1 kB are not: no gzip stream for `[]`).
  if (!STREAMED.test(response.headers.get("content-type") ?? "")) {
    const body = encodeWhole(req, res, Buffer.from(await response.arrayBuffer()));
    res.setHeader("Content-Length", body.length);
    return void res.end(body);
  }
  await writeReadableStreamToWritable(response.body, res);
}

