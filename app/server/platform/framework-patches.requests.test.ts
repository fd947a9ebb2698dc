import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { directActionCall, directLoaderCall, needsNoCopy } from "./framework-patches.server";

type Call = Parameters<typeof directLoaderCall>[0];
type ActionCall = Parameters<typeof directActionCall>[0];
const data = createRequire(import.meta.url)("@remix-run/server-runtime/dist/data.js") as { callRouteLoader: Call; callRouteAction: ActionCall };
const { defer } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/responses.js") as { defer: (data: object, init?: ResponseInit) => unknown };

/** What a loader sees of its request, to compare Remix's copy with what it gets now. */
async function seen(request: Request) {
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers.entries()],
    body: request.body ? await request.text() : null,
    aborted: request.signal.aborted,
  };
}

const URLS = [
  "http://127.0.0.1/offers",
  "http://127.0.0.1/find-slot?date=2026-12-05&numChildren=5",
  "http://127.0.0.1/?index",
  "http://127.0.0.1/?index&x=1",
  "http://127.0.0.1/enter-data?index=&index=keep",
  "http://127.0.0.1/find-slot.data?_routes=routes%2Ffind-slot&date=2026-12-05",
  "http://127.0.0.1/a?indexed=1&routes=2#index",
];

function request(url: string, init: RequestInit & { duplex?: "half" } = {}) {
  return new Request(url, { headers: { "x-test": "1", cookie: "fw_draft=abc" }, ...init });
}

describe("loaders and actions get the request itself when Remix's copy would equal it", () => {
  it("knows which URLs Remix would change", () => {
    expect(URLS.map(needsNoCopy)).toEqual([true, true, false, false, false, false, true]);
  });

  it("gives a loader what Remix's own call gives it, for every URL", async () => {
    const direct = directLoaderCall(data.callRouteLoader);
    for (const url of URLS) {
      for (const call of [data.callRouteLoader, direct]) {
        let got: Request | undefined;
        const original = request(url);
        const result = await call({ request: original, loadContext: {}, params: {}, routeId: "r", singleFetch: true, loader: ({ request }) => ((got = request), { ok: 1 }) });
        expect(result).toEqual({ ok: 1 });
        const expected = await seen(await (async () => {
          let copy: Request | undefined;
          await data.callRouteLoader({ request: request(url), loadContext: {}, params: {}, routeId: "r", singleFetch: true, loader: ({ request }) => ((copy = request), null) });
          return copy!;
        })());
        expect(await seen(got!), url).toEqual(expected);
        if (call === direct) expect(got === original, url).toBe(needsNoCopy(url));
      }
    }
  });

  it("gives an action its body and its abort, as Remix's copy did", async () => {
    const direct = directActionCall(data.callRouteAction);
    const controller = new AbortController();
    const original = request("http://127.0.0.1/enter-data", { method: "POST", body: "firstName=Anna&intent=submit", signal: controller.signal, headers: { "content-type": "application/x-www-form-urlencoded" } });
    let got: Request | undefined;
    const result = await direct({ request: original, loadContext: {}, params: {}, routeId: "r", singleFetch: true, action: async ({ request }) => ((got = request), Object.fromEntries(await request.formData())) });
    expect(result).toEqual({ firstName: "Anna", intent: "submit" });
    controller.abort();
    expect(got!.signal.aborted).toBe(true);
  });

  it("keeps Remix's error for a loader or action that returns nothing", async () => {
    const args = { request: request("http://127.0.0.1/offers"), loadContext: {}, params: {}, routeId: "routes/offers", singleFetch: true };
    const ours = await directLoaderCall(data.callRouteLoader)({ ...args, loader: () => undefined }).catch((e: Error) => e.message);
    const theirs = await data.callRouteLoader({ ...args, request: request("http://127.0.0.1/offers"), loader: () => undefined }).catch((e: Error) => e.message);
    expect(ours).toBe(theirs);
    const ourAction = await directActionCall(data.callRouteAction)({ ...args, action: () => undefined }).catch((e: Error) => e.message);
    const theirAction = await data.callRouteAction({ ...args, request: request("http://127.0.0.1/offers"), action: () => undefined }).catch((e: Error) => e.message);
    expect(ourAction).toBe(theirAction);
  });

  it("turns deferred data that redirects into the redirect, as Remix does", async () => {
    const args = { request: request("http://127.0.0.1/offers"), loadContext: {}, params: {}, routeId: "r", singleFetch: true };
    const result = (await directLoaderCall(data.callRouteLoader)({ ...args, loader: () => defer({}, { status: 302, headers: { Location: "/elsewhere" } }) })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/elsewhere");
  });

  it("leaves calls without single fetch to Remix", async () => {
    let got: Request | undefined;
    const original = request("http://127.0.0.1/offers");
    await directLoaderCall(data.callRouteLoader)({ request: original, loadContext: {}, params: {}, routeId: "r", singleFetch: false, loader: ({ request }) => ((got = request), null) });
    expect(got).not.toBe(original);
  });
});
