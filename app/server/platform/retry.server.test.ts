import { describe, expect, it, vi } from "vitest";
import { isRetryable, retryOnConflict } from "./retry.server";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** Drizzle wraps the driver's error: the code sits on the cause. */
const wrapped = (code: string) => Object.assign(new Error("Failed query"), { cause: pgError(code) });
const noSleep = () => Promise.resolve();

describe("retryOnConflict", () => {
  it("knows deadlocks and serialization failures, also wrapped, and nothing else", () => {
    expect(isRetryable(pgError("40P01"))).toBe(true);
    expect(isRetryable(wrapped("40001"))).toBe(true);
    expect(isRetryable(pgError("23505"))).toBe(false);
    expect(isRetryable(wrapped("23P01"))).toBe(false);
    expect(isRetryable(new Error("plain"))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });

  it("runs the work again after a deadlock and returns its answer", async () => {
    const work = vi.fn().mockRejectedValueOnce(wrapped("40P01")).mockRejectedValueOnce(pgError("40001")).mockResolvedValue("done");
    const retries: number[] = [];
    await expect(retryOnConflict(work, { sleep: noSleep, onRetry: (_e, n) => retries.push(n) })).resolves.toBe("done");
    expect(work).toHaveBeenCalledTimes(3);
    expect(retries).toEqual([1, 2]);
  });

  it("gives any other error to the caller at once", async () => {
    const work = vi.fn().mockRejectedValue(pgError("23505"));
    await expect(retryOnConflict(work, { sleep: noSleep })).rejects.toThrow("pg 23505");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("stops after the attempts allowed and throws the last deadlock", async () => {
    const work = vi.fn().mockRejectedValue(wrapped("40P01"));
    await expect(retryOnConflict(work, { attempts: 3, sleep: noSleep })).rejects.toThrow("Failed query");
    expect(work).toHaveBeenCalledTimes(3);
  });

  it("backs off with growing, random waits", async () => {
    const waits: number[] = [];
    const work = vi.fn().mockRejectedValueOnce(pgError("40P01")).mockRejectedValueOnce(pgError("40P01")).mockResolvedValue(1);
    await retryOnConflict(work, { baseDelayMs: 100, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });
});
