import { sweepExpiredHolds } from "./bookings.server";
import { getDb } from "./db.server";
import { startMailer } from "./mail.server";

/** Periodic work of the running server: expired holds give their tables back; queued mail goes out. */
export function startBackgroundJobs(): () => void {
  const sweep = setInterval(() => {
    getDb()
      .then((db) => sweepExpiredHolds(db))
      .catch((error: Error) => console.warn(`Hold sweep failed: ${error.message}`));
  }, 30_000);
  sweep.unref();
  const stopMailer = startMailer();
  return () => {
    clearInterval(sweep);
    stopMailer();
  };
}
