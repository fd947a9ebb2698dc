import { getDb } from "./platform/db.server";
import { log, oneLineError } from "./platform/log.server";
import { sweepExpiredDrafts } from "./booking/draft.server";
import { queueDueReminders } from "./booking/reminders.server";
import { queueDueHeadcountRequests } from "./booking/headcount.server";
import { issueOwedReceipts } from "./accounting/receipts.server";
import { runPrivacyJob } from "./privacy/privacy.server";
import { getEnv } from "./platform/env.server";
import { startMailer } from "./mail/mail.server";
import { deliverSimulatedWebhooks } from "./payments/providers/simulated.server";
import { RECONCILE_POLICY, reconcilePayments, reconcileThenSweep } from "./payments/reconcile.server";

/**
 * Periodic work of the running server: pending payments are reconciled with the provider, then
 * expired holds give their tables back; queued mail goes out; the simulated provider (local runs)
 * delivers its owed webhooks; reminder and headcount e-mails are queued when due; receipts are issued; guests' answers and old personal data are deleted daily. At start, every pending payment is reconciled once (a crash may have
 * lost its webhook).
 */
export function startBackgroundJobs(): () => void {
  let stopped = false;
  const run = (what: string, job: () => Promise<unknown>) => () => {
    if (stopped) return;
    // One JSON line naming the cause (during a database outage every run fails until it is back).
    job().catch((error: unknown) => log.warn({ job: what, cause: oneLineError(error) }, "background job failed"));
  };

  run("Reconciliation at start", async () => reconcilePayments(await getDb(), { mode: "all" }))();
  const sweep = setInterval(run("Reconciliation and hold sweep", async () => reconcileThenSweep(await getDb())), RECONCILE_POLICY.intervalMs);
  sweep.unref();

  let webhooks: NodeJS.Timeout | undefined;
  if (getEnv().PAYMENT_PROVIDER === "simulated") {
    const deliver = run("Simulated webhooks", async () => deliverSimulatedWebhooks(await getDb(), getEnv().WEBHOOK_HMAC_KEY));
    deliver();
    webhooks = setInterval(deliver, 5_000);
    webhooks.unref();
  }

  const draftSweep = setInterval(run("Draft sweep", async () => sweepExpiredDrafts(await getDb())), 15 * 60_000);
  draftSweep.unref();
  // Reminders two days ahead (REMINDER_HOURS_BEFORE) and the headcount requests (issue #30 §4): at
  // start, then every five minutes.
  const reminders = run("Reminders", async () => {
    const db = await getDb();
    await queueDueReminders(db);
    await queueDueHeadcountRequests(db);
  });
  reminders();
  const reminderTimer = setInterval(reminders, 5 * 60_000);
  reminderTimer.unref();
  // Receipts and credit notes (issue #31 §1): every booking whose money moved gets its documents,
  // at start (a crash may have come between a payment and its receipt), then every 30 seconds.
  const receiptSweep = run("Receipts", async () => issueOwedReceipts(await getDb()));
  receiptSweep();
  const receiptTimer = setInterval(receiptSweep, 30_000);
  receiptTimer.unref();
  // Privacy (issue #32 §4): guests' answers and old bookings' personal data, once per venue day
  // (the job's own row makes a second run that day, in any process, a no-op); checked hourly.
  const privacy = run("Privacy", async () => runPrivacyJob(await getDb()));
  privacy();
  const privacyTimer = setInterval(privacy, 60 * 60_000);
  privacyTimer.unref();
  const stopMailer = startMailer();
  return () => {
    stopped = true;
    clearInterval(sweep);
    clearInterval(webhooks);
    clearInterval(draftSweep);
    clearInterval(reminderTimer);
    clearInterval(receiptTimer);
    clearInterval(privacyTimer);
    stopMailer();
  };
}
