import { singleton } from "./singleton.server";

/**
 * Fixed-window failure counter per key, in process memory: this site runs as one process, and a
 * restart forgetting the counts only gives a guesser one more minute.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly maxFailures: number,
    readonly windowMs: number,
  ) {}

  isBlocked(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return false;
    return w.count >= this.maxFailures;
  }

  recordFailure(key: string, now = Date.now()) {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 10_000) this.prune(now);
    } else {
      w.count += 1;
    }
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Voucher checks: 5 failed attempts per client per minute. */
export const voucherLimiter = singleton("voucherLimiter", () => new FailureLimiter(5, 60_000));
