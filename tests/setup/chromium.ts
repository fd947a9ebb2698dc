import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** The flags this machine's Chromium needs (no sandbox as root, no network chatter behind a closed firewall). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own download. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p!));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install Debian's: `sudo apt-get install -y chromium` " +
        "(or set CHROMIUM_PATH to a Chromium/Chrome binary).",
    );
  }
  return found;
}
