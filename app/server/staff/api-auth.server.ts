import { timingSafeEqual } from "node:crypto";
import { getEnv } from "../platform/env.server";

/** Machine clients (the voucher command, staff tools) authenticate with `Authorization: Bearer <ADMIN_API_TOKEN>`. */
export function hasAdminToken(request: Request): boolean {
  const token = getEnv().ADMIN_API_TOKEN;
  if (!token) return false;
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get("Authorization") ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function requireAdminToken(request: Request) {
  if (!hasAdminToken(request)) {
    throw Response.json({ error: "unauthorized" }, { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
  }
}
