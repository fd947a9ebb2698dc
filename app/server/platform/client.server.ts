import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp?: string;
  }
}

/** Who is asking, for rate limits: the address Express saw (X-Forwarded-For only from hops TRUST_PROXY trusts). */
export function clientKey(_request: Request, context: AppLoadContext | undefined): string {
  return context?.clientIp ?? "unknown";
}
