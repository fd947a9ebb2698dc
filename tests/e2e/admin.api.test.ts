import { expect, test, type APIResponse } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../../playwright.config";

/** The staff area's doors, tested with plain HTTP requests against the running production server. */

const noRedirect = { maxRedirects: 0 } as const;
const sameOrigin = { Origin: E2E_BASE_URL };

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
}

function staffCookie(response: APIResponse): string | undefined {
  return setCookies(response).find((c) => c.startsWith("fw_staff="));
}

test("staff pages send visitors without a session to the sign-in, keeping where they wanted to go", async ({ request }) => {
  for (const [path, redirectTo] of [
    ["/admin", "/admin"],
    ["/admin/storno", "/admin/storno"],
    ["/admin/storno?code=FW-ABC234", "/admin/storno?code=FW-ABC234"],
  ] as const) {
    const response = await request.get(path, noRedirect);
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  const login = await request.get("/admin/login");
  expect(login.status()).toBe(200);
  expect(login.headers()["cache-control"]).toBe("no-store");
  const html = await login.text();
  expect(html).toContain("Anmeldung für Mitarbeitende");
  // No hydration: the sign-in page ships no JavaScript.
  expect(html).not.toMatch(/<script[^>]+type="module"/);
});

test("the staff cancel API answers 401 without a token or session", async ({ request }) => {
  const response = await request.post("/api/reservations/cancel", { data: { bookingCode: "FW-ABC234" } });
  expect(response.status()).toBe(401);
});

test("a sign-in needs this site's origin and the right password", async ({ request }) => {
  const form = { email: "admin", password: E2E_ADMIN_PASSWORD };
  // A foreign Origin never reaches the action: the server's edge refuses it with a clear 403.
  const foreign = await request.post("/admin/login", { form, headers: { Origin: "https://evil.example" }, ...noRedirect });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe("Ungültige Anfrage (Herkunft).");
  // `Origin: null` (a sandboxed frame, a `data:` page) is as foreign as any other site.
  const nullOrigin = await request.post("/admin/login", { form, headers: { Origin: "null" }, ...noRedirect });
  expect(nullOrigin.status()).toBe(403);
  expect(await nullOrigin.text()).toBe("Ungültige Anfrage (Herkunft).");
  // Without an Origin, the Referer decides (requireSameOrigin); without either, the post is refused too.
  const foreignReferer = await request.post("/admin/login", { form, headers: { Referer: "https://evil.example/login" }, ...noRedirect });
  expect(foreignReferer.status()).toBe(403);
  expect(await foreignReferer.text()).toContain("Ungültige Anfrage (Herkunft).");
  const missing = await request.post("/admin/login", { form, ...noRedirect });
  expect(missing.status()).toBe(403);
  for (const refused of [foreign, nullOrigin, foreignReferer, missing]) expect(staffCookie(refused)).toBeUndefined();

  // An unknown account (from a client of its own, so the browser tests' budget stays untouched).
  const wrong = await request.post("/admin/login", {
    form: { email: "niemand@funworld.ch", password: "falsches-passwort" },
    headers: { ...sameOrigin, "X-Forwarded-For": "203.0.113.41" },
    ...noRedirect,
  });
  expect(wrong.status()).toBe(401);
  expect(await wrong.text()).toContain("E-Mail oder Passwort ist falsch.");
  expect(staffCookie(wrong)).toBeUndefined();

  // A browser that sends no Origin but this site's Referer gets in.
  const sameSite = await request.post("/admin/login", { form, headers: { Referer: `${E2E_BASE_URL}/admin/login` }, ...noRedirect });
  expect(sameSite.status()).toBe(302);
  expect(staffCookie(sameSite)).toBeDefined();
});

test("signing in sets a strict 8-hour cookie; signing out needs this site's origin and clears it", async ({ request }) => {
  const signIn = await request.post("/admin/login", {
    form: { email: "admin", password: E2E_ADMIN_PASSWORD, redirectTo: "//evil.example/admin" },
    headers: sameOrigin,
    ...noRedirect,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toBe("/admin");
  const cookie = staffCookie(signIn);
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*SameSite=Strict/i);
  expect(cookie).toMatch(/;\s*Max-Age=28800/i);
  expect(cookie).toMatch(/;\s*Path=\//i);

  // Signed in: the sign-in page sends on to the staff area, and a staff page lets the visitor in.
  const again = await request.get("/admin/login", noRedirect);
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe("/admin");
  const page = await request.get("/admin/storno", noRedirect);
  expect(page.status()).not.toBe(302);

  // Refused with 403: a foreign Origin at the server's edge, a foreign Referer or none at all by requireSameOrigin.
  const foreign = await request.post("/admin/logout", { headers: { Origin: "https://evil.example" }, ...noRedirect });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe("Ungültige Anfrage (Herkunft).");
  const foreignReferer = await request.post("/admin/logout", { headers: { Referer: "https://evil.example/" }, ...noRedirect });
  expect(foreignReferer.status()).toBe(403);
  expect(await foreignReferer.text()).toContain("Ungültige Anfrage (Herkunft).");
  expect((await request.post("/admin/logout", noRedirect)).status()).toBe(403);
  for (const refused of [foreign, foreignReferer]) expect(staffCookie(refused)).toBeUndefined();
  expect((await request.get("/admin/login", noRedirect)).status()).toBe(302);

  expect((await request.get("/admin/logout", noRedirect)).headers().location).toBe("/admin");

  const logout = await request.post("/admin/logout", { headers: sameOrigin, ...noRedirect });
  expect(logout.status()).toBe(302);
  expect(logout.headers().location).toBe("/admin/login");
  expect(staffCookie(logout)).toMatch(/^fw_staff=;.*Expires=Thu, 01 Jan 1970/i);
  expect((await request.get("/admin/login", noRedirect)).status()).toBe(200);
  expect((await request.get("/admin", noRedirect)).status()).toBe(302);
});

test("after signing in, the visitor returns to the staff page they asked for", async ({ request }) => {
  const signIn = await request.post("/admin/login?redirectTo=%2Fadmin%2Fstorno%3Fcode%3DFW-ABC234", {
    form: { email: "ADMIN ", password: E2E_ADMIN_PASSWORD, redirectTo: "/admin/storno?code=FW-ABC234" },
    headers: sameOrigin,
    ...noRedirect,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toBe("/admin/storno?code=FW-ABC234");
});

test("over-long sign-in fields are refused with a German message before any account look-up", async ({ request }) => {
  const long = await request.post("/admin/login", { form: { email: `${"a".repeat(250)}@example.ch`, password: "x" }, headers: sameOrigin, ...noRedirect });
  expect(long.status()).toBe(400);
  expect(await long.text()).toContain("E-Mail: höchstens 254 Zeichen erlaubt.");
  const password = await request.post("/admin/login", { form: { email: "admin", password: "x".repeat(1025) }, headers: sameOrigin, ...noRedirect });
  expect(password.status()).toBe(400);
  expect(await password.text()).toContain("Passwort: höchstens 1024 Zeichen erlaubt.");
});
