import { expect, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../../playwright.config";

/** Sessions and configuration that protect the site, tested with plain HTTP against the production server. */

const noRedirect = { maxRedirects: 0 } as const;

test("a staff cookie replayed after signing out gets the sign-in page", async ({ playwright }) => {
  // A context of its own: the replay must not ride on cookies the request fixture keeps.
  const staff = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const signIn = await staff.post("/admin/login", { form: { email: "admin", password: E2E_ADMIN_PASSWORD }, headers: { Origin: E2E_BASE_URL }, ...noRedirect });
  expect(signIn.status()).toBe(302);
  const cookie = signIn.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("fw_staff="))!.value.split(";")[0]!;
  expect((await staff.get("/admin", noRedirect)).status()).toBe(200);
  expect((await staff.post("/admin/logout", { headers: { Origin: E2E_BASE_URL }, ...noRedirect })).status()).toBe(302);
  await staff.dispose();

  const replay = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const page = await replay.get("/admin", { headers: { Cookie: cookie }, ...noRedirect });
  expect(page.status()).toBe(302);
  expect(page.headers().location).toBe("/admin/login?redirectTo=%2Fadmin");
  await replay.dispose();
});

test("a production site on simulated payments says DEV MODE on every page", async ({ request }) => {
  for (const path of ["/", "/agb", "/offers", "/games", "/admin/login"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain("DEV MODE");
  }
});

test("every page carries a Content-Security-Policy whose nonce is the only way to run an inline script", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/offers", "/find-slot", "/admin/login"]) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d]));
    expect(directives["script-src"], path).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(directives["frame-ancestors"]).toBe("frame-ancestors 'none'");
    expect(directives["base-uri"]).toBe("base-uri 'self'");
    expect(directives["form-action"]).toBe("form-action 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    nonces.add(nonce);
    // Each inline script of the page carries this response's nonce.
    const html = await response.text();
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
      if (/\bsrc=/.test(script)) continue;
      expect(script, path).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size).toBe(4);
});
