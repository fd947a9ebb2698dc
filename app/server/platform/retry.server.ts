import type { Db, Tx } from "./db-types";

/**
 * PostgreSQL aborts one of two transactions that wait for each other (40P01, deadlock detected) and
 * a serializable transaction that lost a race (40001). Both roll back completely, so running the
 * transaction again is safe and is what PostgreSQL asks for. Every transaction that touches
 * bookings, payments and vouchers takes its locks in one order (docs/architecture.md "Money: lock
 * order"), so a deadlock should not happen; this is the net for what the order cannot cover (the
 * hold sweep updates expired rows in the order it finds them).
 */
export const RETRYABLE_CODES = new Set(["40P01", "40001"]);

export function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 10; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && RETRYABLE_CODES.has(e.code)) return true;
  }
  return false;
}

export type RetryOptions = {
  /** Runs in all (first try included). */
  attempts?: number;
  /** Back-off before the n-th retry: a random wait up to baseDelayMs × 2^(n−1). */
  baseDelayMs?: number;
  /** Told about every retry (tests, metrics). */
  onRetry?: (error: unknown, attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Runs `work` again when it failed with a deadlock or a serialization failure; any other error, or
 * the last attempt's, goes to the caller. `work` must be a whole transaction (or start one): its
 * effects before the failure were rolled back, so the retry starts from the beginning.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const base = options.baseDelayMs ?? 10;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      options.onRetry?.(error, attempt);
      // Jitter, so the two losers of one deadlock do not meet again at once.
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}

/** `db.transaction(work)`, run again on a deadlock or serialization failure. */
export function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return retryOnConflict(() => db.transaction(work), options);
}
