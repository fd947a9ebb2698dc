import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "./db.server";
import { rateLimits } from "./schema";

/**
 * A named limit whose counters live in the database (table `rate_limits`, through
 * rate-limiter-flexible's atomic Drizzle store), so it holds across several server processes and
 * across restarts. One counter per `key` (a client address, an e-mail, a booking code…).
 */
export type LimitPolicy = {
  /** Prefix of every key; unique per limit. */
  name: string;
  /** Points allowed per window. */
  points: number;
  windowSeconds: number;
  /** Once over the limit, the key stays refused this long (default: until the window ends). */
  blockSeconds?: number;
};

/** A reserved attempt (see `Limit.reserve`): `count` includes this one and every other in flight. */
export type Reservation =
  | { allowed: true; count: number; release: () => Promise<void> }
  | { allowed: false; count: number; retryAfterSeconds: number };

export type LimitVerdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export class Limit {
  /** One store per database: tests and the server each open their own. */
  private readonly limiters = new WeakMap<Db, RateLimiterDrizzle>();

  constructor(readonly policy: LimitPolicy) {}

  private limiterFor(db: Db): RateLimiterDrizzle {
    let limiter = this.limiters.get(db);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: this.policy.name,
        points: this.policy.points,
        duration: this.policy.windowSeconds,
        blockDuration: this.policy.blockSeconds ?? 0,
      });
      this.limiters.set(db, limiter);
    }
    return limiter;
  }

  /** Counts one attempt and refuses it once the window's points are used up. */
  async consume(db: Db, key: string, points = 1): Promise<LimitVerdict> {
    try {
      const res = await this.limiterFor(db).consume(key, points);
      return { allowed: true, remaining: res.remainingPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(error) };
      throw error;
    }
  }

  /**
   * Reserves one attempt before it is made: the count goes up and the verdict comes back in one
   * statement (an upsert returning the new count), so parallel requests, from any process, each see
   * their own place in the count and are throttled exactly like sequential ones. An attempt that
   * turns out not to count (a hit, a correct password) is given back with `release()`; one that
   * counts (a miss, a failure) is simply kept. A refused attempt keeps its point: the window's end
   * does not move, so that costs nothing but spares a statement per refused request under attack.
   */
  async reserve(db: Db, key: string, options: { durationSeconds?: number } = {}): Promise<Reservation> {
    const limiter = this.limiterFor(db);
    const custom = options.durationSeconds === undefined ? undefined : { customDuration: options.durationSeconds };
    try {
      const res = await limiter.consume(key, 1, custom);
      let released = false;
      return {
        allowed: true,
        count: res.consumedPoints,
        release: async () => {
          if (released) return;
          released = true;
          await limiter.reward(key, 1, custom);
        },
      };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, count: error.consumedPoints, retryAfterSeconds: retryAfter(error) };
      throw error;
    }
  }

  /** Whether the key is over its limit right now, without counting anything. */
  async check(db: Db, key: string): Promise<LimitVerdict> {
    const res = await this.limiterFor(db).get(key);
    if (!res || res.consumedPoints < this.policy.points) {
      return { allowed: true, remaining: res ? this.policy.points - res.consumedPoints : this.policy.points };
    }
    return { allowed: false, retryAfterSeconds: retryAfter(res) };
  }

  /** Counts without refusing: for limits on failures, checked with `check` before the next attempt. */
  async penalize(db: Db, key: string, points = 1): Promise<void> {
    await this.limiterFor(db).penalty(key, points);
  }

  /** Refuses the key for `seconds`, whatever it has used. */
  async block(db: Db, key: string, seconds: number): Promise<void> {
    await this.limiterFor(db).block(key, seconds);
  }

  async reset(db: Db, key: string): Promise<void> {
    await this.limiterFor(db).delete(key);
  }
}
