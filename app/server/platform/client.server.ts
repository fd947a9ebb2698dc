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

/**
 * The network an address belongs to, for limits an attacker could otherwise dodge by rotating
 * addresses: IPv4 by its /24, IPv6 by its /64 (one host usually has a whole /64). Anything else
 * (e.g. "unknown") is its own network.
 */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const bare = address.split("%")[0]!.toLowerCase();
  if (!/^[0-9a-f:]+$/.test(bare) || !bare.includes(":")) return address;
  const [head = "", tail] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || "0", 16) || 0).toString(16))
    .join(":")}::/64`;
}
