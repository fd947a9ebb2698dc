import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { cachedDataRoutes, cachedMatchRoutes, cachedServerRoutes, chainStaticHandlers, installedVersions, installFrameworkPatches, TESTED_VERSIONS } from "./framework-patches.server";
import { log } from "./log.server";

const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: Parameters<typeof cachedMatchRoutes>[0];
  parsePath: Parameters<typeof cachedMatchRoutes>[1];
};

type R = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: R[] };

/** A tree shaped like the app's (root, index, nested settings, params, a splat, dotted and escaped names), built anew per call as React Router does per request. */
function tree(): R[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/offers", path: "offers" },
        { id: "routes/find-slot", path: "find-slot" },
        { id: "routes/admin._index", path: "admin", index: true },
        { id: "routes/admin.buchungen.$code", path: "admin/buchungen/:code" },
        { id: "routes/admin.buchungen.$code_.verschieben", path: "admin/buchungen/:code/verschieben" },
        { id: "routes/admin.einstellungen.tische", path: "admin/einstellungen/tische" },
        { id: "routes/buchung.$token._index", path: "buchung/:token", index: true },
        { id: "routes/buchung.$token.kalender[.]ics", path: "buchung/:token/kalender.ics" },
        { id: "routes/admin.export[.csv]", path: "admin/export.csv" },
        { id: "routes/api.payments.transaction.$transactionId", path: "api/payments/transaction/:transactionId" },
        { id: "routes/Case", path: "Gross", caseSensitive: true },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/offers",
  "/offers/",
  "/OFFERS",
  "/find-slot?date=2026-12-05&numChildren=4",
  "/admin",
  "/admin/buchungen/FW-ABC123",
  "/admin/buchungen/FW-ABC123/verschieben",
  "/admin/buchungen/a%20b",
  "/admin/einstellungen/tische",
  "/buchung/tok_en-123",
  "/buchung/tok/kalender.ics",
  "/admin/export.csv",
  "/api/payments/transaction/123#x",
  "/Gross",
  "/gross",
  "/nowhere/at/all",
  "/%E2%82%AC",
  "//double//slash",
];

/** Matches as plain data, routes named by id and checked to belong to the tree given. */
function shape(matches: ReturnType<typeof router.matchRoutes>, routes: R[]) {
  const all = new Set<unknown>();
  const walk = (list: R[]) => list.forEach((r) => (all.add(r), r.children && walk(r.children)));
  walk(routes);
  return matches?.map((m) => {
    expect(all.has(m.route)).toBe(true);
    return { params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, id: m.route.id };
  });
}

describe("cached route matching", () => {
  it("answers like @remix-run/router's matchRoutes for every path, first call and cached, with new route objects each time", () => {
    const cached = cachedMatchRoutes(router.matchRoutes, router.parsePath);
    for (const basename of ["/", "/app"]) {
      for (const path of PATHS) {
        for (const location of [path, { pathname: path.split(/[?#]/)[0] }, `/app${path}`]) {
          const reference = tree();
          const expected = shape(router.matchRoutes(reference, location, basename), reference);
          const first = tree();
          expect(shape(cached(first, location, basename), first)).toEqual(expected);
          const again = tree();
          expect(shape(cached(again, location, basename), again)).toEqual(expected);
        }
      }
    }
  });

  it("asks the original once per tree shape and path", () => {
    let calls = 0;
    const cached = cachedMatchRoutes((...args) => (calls++, router.matchRoutes(...args)), router.parsePath);
    for (let i = 0; i < 5; i++) cached(tree(), "/admin/buchungen/FW-1");
    cached(tree(), "/nowhere");
    cached(tree(), "/nowhere");
    expect(calls).toBe(2);
  });

  it("hands out fresh match objects: one shared params object per answer, as the original", () => {
    const cached = cachedMatchRoutes(router.matchRoutes, router.parsePath);
    const a = cached(tree(), "/admin/buchungen/FW-1/verschieben")!;
    const b = cached(tree(), "/admin/buchungen/FW-1/verschieben")!;
    expect(a[0]!.params).toBe(a[1]!.params);
    expect(a[0]).not.toBe(b[0]);
    a[1]!.params.code = "changed";
    expect(b[1]!.params.code).toBe("FW-1");
    expect(cached(tree(), "/admin/buchungen/FW-1/verschieben")![1]!.params.code).toBe("FW-1");
  });

  it("distinguishes trees of another shape and leaves trees without ids to the original", () => {
    const cached = cachedMatchRoutes(router.matchRoutes, router.parsePath);
    const other: R[] = [{ id: "root", path: "", children: [{ id: "routes/offers", path: "angebote" }] }];
    expect(cached(tree(), "/offers")?.at(-1)?.route.id).toBe("routes/offers");
    expect(cached(other, "/offers")).toBeNull();
    expect(cached(other, "/angebote")?.at(-1)?.route.id).toBe("routes/offers");
    const anonymous = [{ path: "x" }] as unknown as R[];
    expect(cached(anonymous, "/x")?.[0]?.route).toBe(anonymous[0]);
  });
});

describe("cached server routes", () => {
  const serverRoutes = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
    createServerRoutes: Parameters<typeof cachedServerRoutes>[0];
  };
  const manifest = () => ({
    root: { id: "root", path: "", hasLoader: true, module: "/root.js" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: "/i.js" },
    "routes/offers": { id: "routes/offers", parentId: "root", path: "offers", hasLoader: true, module: "/o.js" },
  });
  const modules = () => ({ root: { default: () => null }, "routes/_index": { default: () => null }, "routes/offers": { default: () => null, handle: { hydrate: true } } });

  it("builds the same tree as Remix, once per manifest", () => {
    let calls = 0;
    const cached = cachedServerRoutes((...args) => (calls++, serverRoutes.createServerRoutes(...args)));
    const m = manifest();
    const expected = serverRoutes.createServerRoutes(m, modules(), {}, false);
    const first = cached(m, modules(), {}, false);
    expect(JSON.stringify(first)).toEqual(JSON.stringify(expected));
    expect((first[0] as { children: { handle?: unknown }[] }).children[1]!.handle).toEqual({ hydrate: true });
    expect(cached(m, modules(), {}, false)).toBe(first);
    expect(calls).toBe(1);
    // A new build (another manifest object) or the other mode gets its own tree.
    expect(cached(manifest(), modules(), {}, false)).not.toBe(first);
    expect(cached(m, modules(), {}, true)).not.toBe(first);
    expect(calls).toBe(3);
  });
});

describe("data routes converted once per tree", () => {
  const router = createRequire(import.meta.url)("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: Parameters<typeof cachedDataRoutes>[0] };
  const reactRouter = createRequire(import.meta.url)("react-router") as { UNSAFE_mapRouteProperties: unknown };
  const convert = router.UNSAFE_convertRoutesToDataRoutes;
  const mapper = reactRouter.UNSAFE_mapRouteProperties;

  it("gives what React Router's conversion gives, and answers each caller's manifest lookups", () => {
    let calls = 0;
    const cached = cachedDataRoutes((...args) => (calls++, convert(...args)));
    const routes = tree();
    const expectedManifest: Record<string, unknown> = {};
    const expected = convert(routes, mapper, undefined, expectedManifest);
    for (let i = 0; i < 3; i++) {
      const manifest: Record<string, unknown> = {};
      const got = cached(routes, mapper, undefined, manifest);
      expect(got).toEqual(expected);
      // The static router reads the manifest by route id only (`manifest[match.route.id]`).
      for (const id of Object.keys(expectedManifest)) expect(manifest[id], id).toEqual(expectedManifest[id]);
      expect(manifest["routes/nothing"]).toBeUndefined();
      // The manifest points at the returned routes, as the original's does.
      expect(manifest["routes/offers"]).toBe(got[0]!.children!.find((r) => r.id === "routes/offers"));
    }
    expect(calls).toBe(1);
  });

  it("converts another tree, another mapper or a call with a parent path anew", () => {
    let calls = 0;
    const cached = cachedDataRoutes((...args) => (calls++, convert(...args)));
    const routes = tree();
    const first = cached(routes, mapper, undefined, {});
    expect(cached(tree(), mapper, undefined, {})).not.toBe(first);
    expect(cached(routes, () => ({}), undefined, {})).not.toBe(first);
    expect(cached(routes, mapper, ["0"], {})).not.toBe(first);
    expect(cached(routes, mapper, undefined, {})).toBe(first);
    expect(calls).toBe(4);
  });
});

describe("static handlers per chain of routes", () => {
  const rr = createRequire(import.meta.url)("@remix-run/router") as {
    createStaticHandler: Parameters<typeof chainStaticHandlers>[0];
    matchRoutes: Parameters<typeof cachedMatchRoutes>[0];
    parsePath: Parameters<typeof cachedMatchRoutes>[1];
  };
  type DR = { id: string; path?: string; index?: boolean; hasErrorBoundary?: boolean; loader?: (a: { request: Request; params: unknown }) => unknown; action?: (a: { request: Request }) => unknown; children?: DR[] };
  const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { "Content-Type": "application/json" } });
  /** A tree like the app's: a root with a boundary, an index, a layout with children, params, a failing loader, a redirect, a resource route. */
  const tree = (): DR[] => [
    {
      id: "root",
      path: "",
      hasErrorBoundary: true,
      loader: () => ({ venue: "Fun World" }),
      children: [
        { id: "routes/_index", index: true, loader: () => "home" },
        { id: "routes/offers", path: "offers", loader: ({ request }) => new URL(request.url).searchParams.get("q") },
        {
          id: "routes/admin",
          path: "admin",
          hasErrorBoundary: true,
          loader: () => "admin layout",
          children: [
            { id: "routes/admin._index", index: true, loader: () => "admin home", action: () => "admin index posted" },
            { id: "routes/admin.buchungen.$code", path: "buchungen/:code", loader: ({ params }) => params },
            { id: "routes/admin.kaputt", path: "kaputt", loader: () => { throw new Error("broken"); } },
          ],
        },
        { id: "routes/enter-data", path: "enter-data", loader: () => "form", action: async ({ request }) => json({ got: (await request.formData()).get("x") }, 409) },
        { id: "routes/weg", path: "weg", loader: () => new Response(null, { status: 302, headers: { Location: "/offers" } }) },
        { id: "routes/api.offers", path: "api/offers", loader: () => json([1, 2]) },
      ],
    },
  ];
  const cachedMatch = cachedMatchRoutes(rr.matchRoutes, rr.parsePath);
  /** What a query answered, as plain data (errors by message, responses by status and headers). */
  async function plain(result: unknown): Promise<unknown> {
    if (result instanceof Response) return { response: result.status, location: result.headers.get("Location"), body: await result.text() };
    const r = result as { statusCode: number; matches: { route: { id: string } }[]; loaderData: unknown; actionData: unknown; errors: Record<string, unknown> | null };
    const errors = r.errors ? Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, e instanceof Error ? e.message : e])) : null;
    return { status: r.statusCode, matches: r.matches.map((m) => m.route.id), loaderData: r.loaderData, actionData: r.actionData, errors };
  }
  const requests = (): Request[] => [
    new Request("http://x.test/"),
    new Request("http://x.test/offers?q=torte"),
    new Request("http://x.test/admin"),
    new Request("http://x.test/admin?index", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
    new Request("http://x.test/admin/buchungen/FW-ABC"),
    new Request("http://x.test/admin/kaputt"),
    new Request("http://x.test/enter-data", { method: "POST", body: new URLSearchParams({ x: "Anna" }) }),
    new Request("http://x.test/weg"),
    new Request("http://x.test/nirgends"),
    new Request("http://x.test/offers", { method: "PROPFIND" }),
    new Request("http://x.test/offers", { method: "POST", body: "" }),
  ];

  it("answers every request as the handler over the whole tree does", async () => {
    const full = rr.createStaticHandler(tree() as never);
    const chained = chainStaticHandlers(rr.createStaticHandler, cachedMatch)(tree() as never);
    for (const [i, request] of requests().entries()) {
      const expected = await plain(await full.query(request).catch((e: unknown) => ({ thrown: String(e) })));
      for (let round = 0; round < 2; round++) {
        const again = requests()[i]!;
        expect(await plain(await chained.query(again).catch((e: unknown) => ({ thrown: String(e) }))), `${again.method} ${again.url}`).toEqual(expected);
      }
    }
    const resource = async (h: typeof full) => plain(await h.queryRoute(new Request("http://x.test/api/offers")));
    expect(await resource(chained)).toEqual(await resource(full));
  });

  it("builds one handler per chain of routes, not per path", async () => {
    let built = 0;
    const chained = chainStaticHandlers(((...args: Parameters<typeof rr.createStaticHandler>) => (built++, rr.createStaticHandler(...args))) as typeof rr.createStaticHandler, cachedMatch)(tree() as never);
    expect(built).toBe(1);
    for (const code of ["FW-1", "FW-2", "FW-3"]) await chained.query(new Request(`http://x.test/admin/buchungen/${code}`));
    await chained.query(new Request("http://x.test/nirgends"));
    expect(built).toBe(2);
  });
});

describe("installFrameworkPatches", () => {
  /** Stand-ins for the patched CommonJS modules, so the real ones stay untouched in this test process. */
  function fakeModules() {
    const fn = () => () => null;
    const modules: Record<string, Record<string, unknown>> = {
      "@remix-run/router": { matchRoutes: fn(), parsePath: fn(), createStaticHandler: fn(), UNSAFE_convertRoutesToDataRoutes: fn() },
      "@remix-run/react/dist/routes.js": { createServerRoutes: fn() },
      "@remix-run/server-runtime/dist/data.js": { callRouteLoader: fn(), callRouteAction: fn() },
    };
    const originals = Object.fromEntries(Object.entries(modules).map(([k, v]) => [k, { ...v }]));
    const require = ((id: string) => modules[id]) as unknown as NodeJS.Require;
    return { modules, originals, require };
  }

  it("installs all five replacements on the tested versions", () => {
    const { modules, originals, require } = fakeModules();
    const outcome = installFrameworkPatches({ versions: { ...TESTED_VERSIONS }, require });
    expect(outcome.skipped).toEqual([]);
    expect(outcome.installed).toHaveLength(5);
    expect(modules["@remix-run/router"]!.matchRoutes).not.toBe(originals["@remix-run/router"]!.matchRoutes);
    expect(modules["@remix-run/router"]!.createStaticHandler).not.toBe(originals["@remix-run/router"]!.createStaticHandler);
    expect(modules["@remix-run/router"]!.UNSAFE_convertRoutesToDataRoutes).not.toBe(originals["@remix-run/router"]!.UNSAFE_convertRoutesToDataRoutes);
    expect(modules["@remix-run/react/dist/routes.js"]!.createServerRoutes).not.toBe(originals["@remix-run/react/dist/routes.js"]!.createServerRoutes);
    expect(modules["@remix-run/server-runtime/dist/data.js"]!.callRouteLoader).not.toBe(originals["@remix-run/server-runtime/dist/data.js"]!.callRouteLoader);
  });

  it("leaves every original in place and says why when one package has another version", () => {
    const { modules, originals, require } = fakeModules();
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      const outcome = installFrameworkPatches({ versions: { ...TESTED_VERSIONS, "@remix-run/router": "1.23.4" }, require });
      expect(outcome.installed).toEqual([]);
      expect(outcome.skipped).toEqual([{ package: "@remix-run/router", installed: "1.23.4", tested: "1.23.3" }]);
      expect(modules).toEqual(originals);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![1])).toContain("@remix-run/router 1.23.4 (tested 1.23.3)");
    } finally {
      warn.mockRestore();
    }
  });

  it("names the versions installed in this project, which are the tested ones", () => {
    expect(installedVersions()).toEqual(TESTED_VERSIONS);
  });
});
