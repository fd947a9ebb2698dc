/**
 * One at a time per key, within this process. Bookings for the same day queue here before they take
 * a pool connection, so a busy Saturday's waiters do not hold (and starve) the connection pool
 * while they wait for the day's advisory lock. The advisory lock stays the guarantee across
 * processes; this queue only decides who in this process asks for it next.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      // The last one out removes the key, so idle days leave nothing behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}
