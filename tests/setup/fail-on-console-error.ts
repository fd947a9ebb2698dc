import { afterEach, vi } from "vitest";

/** A test that logs console.error unexpectedly fails; expected errors are asserted with a spy. */
let unexpected: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  if (vi.isMockFunction(console.error)) return;
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  const seen = unexpected;
  unexpected = [];
  if (seen.length > 0) throw new Error(`console.error was called unexpectedly: ${String(seen[0]?.[0])}`);
});
