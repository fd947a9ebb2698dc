/**
 * Staff command: `npm run voucher -- create 50 [YYYY-MM-DD]` issues a CHF 50.00 voucher;
 * `npm run voucher -- show CODE` prints its balance and ledger. Uses the server's configuration.
 * While the server holds the embedded database, the command goes through the server's API
 * (with ADMIN_API_TOKEN) instead of opening the files behind its back.
 */
import { DataDirLockedError } from "../app/server/platform/data-dir-lock.server";
import { describeDatabaseError, openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";
import { voucherReport, voucherSummary, type VoucherReport } from "../app/server/vouchers/voucher-report.server";
import { createVoucher } from "../app/server/vouchers/vouchers.server";
import { isIsoDate, venueNow } from "../app/domain/time";
import { voucherAmountRappen } from "../app/domain/voucher-amount";

type Summary = Omit<VoucherReport, "ledger">;

function usage(reason?: string): never {
  if (reason) console.error(reason);
  console.error("Aufruf: npm run voucher -- create BETRAG_CHF [GUELTIG_BIS_YYYY-MM-DD] | show CODE");
  process.exit(2);
}

/** Refuses bad input with a German reason (exit 2) before anything reaches the database. */
function checkCreate(amountArg: string, validUntil: string | undefined): number {
  const amount = voucherAmountRappen(amountArg);
  if (!amount.ok) usage(amount.message);
  if (validUntil !== undefined) {
    if (!isIsoDate(validUntil)) usage(`Gültig bis: "${validUntil}" ist kein Datum im Format JJJJ-MM-TT.`);
    if (validUntil < venueNow().date) usage(`Gültig bis: ${validUntil} liegt in der Vergangenheit.`);
  }
  return amount.rappen;
}

function print(v: Summary & { ledger?: VoucherReport["ledger"] }) {
  console.info(`Gutschein ${v.code}`);
  console.info(`  Wert:        CHF ${v.initialValue.toFixed(2)}`);
  console.info(`  Restbetrag:  CHF ${v.remainingValue.toFixed(2)}`);
  console.info(`  Gültig bis:  ${v.validUntil}${v.blocked ? " (gesperrt)" : ""}`);
  if (v.ledger) {
    console.info(v.ledger.length ? "  Buchungen:" : "  Noch nicht eingelöst.");
    for (const l of v.ledger) {
      const sign = l.amount >= 0 ? "-" : "+";
      console.info(`    ${l.at}  ${sign}CHF ${Math.abs(l.amount).toFixed(2)}  ${l.kind}${l.reservationId ? ` (Reservierung ${l.reservationId})` : ""}`);
    }
  }
}

/** What to do when the running server cannot be asked: the exact steps, in one line. */
const VIA_SERVER_STEPS =
  "So geht es: den Server mit ADMIN_API_TOKEN=<mindestens 16 Zeichen> starten und diesen Befehl mit demselben ADMIN_API_TOKEN wiederholen " +
  "(ADMIN_API_TOKEN=… npm run voucher -- …), oder den Server stoppen (Ctrl+C), den Befehl ausführen und den Server wieder starten (npm start).";

async function viaServer(command: string, arg: string, validUntil?: string, amountRappen = 0): Promise<void> {
  const env = getEnv();
  if (!env.ADMIN_API_TOKEN) {
    console.error(`Der Server läuft und hält die eingebettete Datenbank; ohne ADMIN_API_TOKEN kann dieser Befehl ihn nicht fragen. ${VIA_SERVER_STEPS}`);
    process.exit(1);
  }
  const headers = { Authorization: `Bearer ${env.ADMIN_API_TOKEN}`, "Content-Type": "application/json" };
  let response: Response;
  try {
    response =
      command === "create"
        ? await fetch(`${env.PUBLIC_URL}/api/vouchers`, { method: "POST", headers, body: JSON.stringify({ amount: amountRappen / 100, validUntil }) })
        : await fetch(`${env.PUBLIC_URL}/api/vouchers/${encodeURIComponent(arg)}`, { headers });
  } catch {
    console.error(`Der laufende Server ist unter ${env.PUBLIC_URL} nicht erreichbar (PUBLIC_URL bzw. PORT wie beim Server setzen). ${VIA_SERVER_STEPS}`);
    process.exit(1);
  }
  if (response.status === 401) {
    console.error(`Der laufende Server kennt dieses ADMIN_API_TOKEN nicht. ${VIA_SERVER_STEPS}`);
    process.exit(1);
  }
  const body = (await response.json().catch(() => ({}))) as Summary & { error?: string; ledger?: VoucherReport["ledger"] };
  if (!response.ok) {
    console.error(response.status === 404 ? "Gutschein nicht gefunden." : `Fehler: ${body.error ?? response.status}`);
    process.exit(1);
  }
  print(body);
}

async function main() {
  const [command, arg, validUntil] = process.argv.slice(2);
  if ((command !== "create" && command !== "show") || !arg) usage();
  if (command === "show" && validUntil !== undefined) usage();
  const amountRappen = command === "create" ? checkCreate(arg, validUntil) : 0;
  const env = getEnv();
  let database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) return viaServer(command, arg, validUntil, amountRappen);
    throw error;
  }
  try {
    if (command === "create") {
      print(voucherSummary(await createVoucher(database.db, { amountRappen, validUntil })));
    } else {
      const report = await voucherReport(database.db, arg);
      if (!report) {
        console.error("Gutschein nicht gefunden.");
        process.exitCode = 1;
      } else print(report);
    }
  } finally {
    await database.close();
  }
}

// One line naming the cause (the database's own reason, not Drizzle's "Failed query: …"), never a stack.
main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : describeDatabaseError(error, getEnv().DATABASE_URL));
  process.exit(1);
});
