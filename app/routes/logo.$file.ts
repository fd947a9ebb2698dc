import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseLogoFile } from "~/domain/venue-profile";
import { getDb } from "~/server/platform/db.server";
import { readLogo } from "~/server/staff/venue-profile-admin.server";

const NOT_FOUND = { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } };

/**
 * The venue's logo by content hash: the same URL always means the same bytes, so browsers and
 * proxies keep it for a year. Served with the type its bytes were checked to be; the server adds
 * `X-Content-Type-Options: nosniff` and the CSP to every response, so no browser reads it as HTML or script.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const wanted = parseLogoFile(params.file ?? "");
  if (!wanted) return new Response("Nicht gefunden.", NOT_FOUND);
  const logo = await readLogo(await getDb(), wanted);
  if (!logo) return new Response("Nicht gefunden.", NOT_FOUND);
  return new Response(logo.bytes, {
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
