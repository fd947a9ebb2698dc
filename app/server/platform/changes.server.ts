import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { singleton } from "./singleton.server";
import { log, oneLineError } from "./log.server";

/**
 * "Something changed" between server processes. Each process keeps caches (a day's table
 * occupations, the venue); a change committed in one process must reach the others' caches within
 * milliseconds, not at the end of a TTL. On PostgreSQL every process LISTENs on one channel and a
 * change is announced with NOTIFY after its commit; the embedded database has one process only.
 * A lost listener connection (the database restarting) is re-opened; every cache starts over when
 * it is lost and once more when LISTEN is back (a change committed in between was announced to
 * nobody). Should a notice still go missing, the caches' short TTLs are the fallback (availability
 * 5 s, venue settings 30 s).
 */
export type ChangeTopic = "reservations" | "venue";

const CHANNEL = "fun_world_changes";
const RETRY_MS = 1_000;

type Registry = {
  handlers: Map<ChangeTopic, Set<() => void>>;
  notifiers: WeakMap<object, { send: (topic: ChangeTopic) => void; notice: (topic: ChangeTopic) => SQL }>;
};
// On globalThis: server.ts and the route bundle each have a copy of this module.
const registry = () =>
  singleton<Registry>("changes", () => ({ handlers: new Map(), notifiers: new WeakMap() }));

/** Runs `handler` whenever `topic` changed in this or any other process. Returns the unsubscribe. */
export function onChange(topic: ChangeTopic, handler: () => void): () => void {
  const { handlers } = registry();
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function runHandlers(topic: ChangeTopic) {
  for (const handler of registry().handlers.get(topic) ?? []) {
    try {
      handler();
    } catch (error) {
      log.warn({ topic, cause: oneLineError(error) }, "change handler failed");
    }
  }
}

/**
 * Call after a commit: this process's handlers run at once, the other processes' on the NOTIFY.
 * `noticeSent`: the transaction carried the NOTIFY itself (`changeNotice`), nothing more to send.
 */
export function announceChange(db: object, topic: ChangeTopic, options: { noticeSent?: boolean } = {}) {
  runHandlers(topic);
  if (!options.noticeSent) registry().notifiers.get(db)?.send(topic);
}

/**
 * The NOTIFY of a change as an expression for a statement of the transaction that makes the change
 * (a RETURNING column of its insert or update): PostgreSQL delivers it at COMMIT, and never after a
 * rollback, so the statement after the commit is saved on the busiest paths (reserve, confirm).
 * Null where no other process listens (the embedded database). After the commit, call
 * `announceChange(db, topic, { noticeSent: true })` when the statement returned a row.
 */
export function changeNotice(db: object, topic: ChangeTopic): SQL | null {
  return registry().notifiers.get(db)?.notice(topic) ?? null;
}

const ORIGIN = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

export type SharedChanges = {
  /**
   * Settles once the first LISTEN is in place, or its first attempt failed (retries go on in the
   * background; it never rejects). Until then a change in another process reaches nobody here, and
   * the "start over" this process's caches do on listening could still throw away what they just
   * read: the database is opened only after it settled (db.server.ts).
   */
  listening: Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Connects `db` (a PostgreSQL pool's Drizzle instance) to the channel: announcements on it are
 * sent to the other processes, and theirs run this process's handlers.
 */
export function shareChanges(db: object, pool: pg.Pool, connectionString: string): SharedChanges {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let settle!: () => void;
  const listening = new Promise<void>((resolve) => (settle = resolve));

  registry().notifiers.set(db, {
    send: (topic) => {
      pool.query("select pg_notify($1, $2)", [CHANNEL, `${topic} ${ORIGIN}`]).catch((error: Error) => {
        log.warn({ topic, cause: oneLineError(error) }, "change notification not sent");
      });
    },
    notice: (topic) => sql`pg_notify(${CHANNEL}, ${`${topic} ${ORIGIN}`})`,
  });

  const connect = () => {
    if (stopped) return;
    // Both bounded: the database is opened only after the first try settled (`listening`).
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
    const reconnect = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      // What changed while nobody listened is unknown: every cache starts over.
      runHandlers("reservations");
      runHandlers("venue");
      settle();
      if (!stopped) retry = setTimeout(connect, RETRY_MS);
    };
    client = next;
    next.on("error", reconnect);
    next.on("end", reconnect);
    next.on("notification", (message) => {
      const [topic, origin] = (message.payload ?? "").split(" ");
      if (origin !== ORIGIN && (topic === "reservations" || topic === "venue")) runHandlers(topic);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        // Listening (again): what changed before this moment reached no handler here — the time
        // before the first LISTEN, or between losing the old connection and now. Start over once.
        if (client !== next || stopped) return;
        runHandlers("reservations");
        runHandlers("venue");
        settle();
      })
      .catch(reconnect);
  };
  connect();

  return {
    listening,
    stop: async () => {
      stopped = true;
      settle();
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
