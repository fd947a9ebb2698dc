/**
 * Staff command: `npm run voucher -- create 50 [YYYY-MM-DD]` issues a CHF 50.00 voucher;
 * `npm run voucher -- show CODE` prints its balance and ledger. Uses the server's configuration.
 * While the server holds the embedded database, the command goes through the server's API
 * (with ADMIN_API_TOKEN) instead of opening the files behind its back.
 */
import { DataDirLockedError } from "../app/server/data-dir-lock.server";
import { openDatabase } from "../app/server/db.server";
import { getEnv } from "../app/server/env.server";
import { voucherReport, voucherSummary, type VoucherReport } from "../app/server/voucher-report.server";
import { createVoucher } from "../app/server/vouchers.server";
import { isIsoDate } from "../app/domain/time";

type Summary = Omit<VoucherReport, "ledger">;

function usage(): never {
  console.error("Aufruf: npm run voucher -- create BETRAG_CHF [GUELTIG_BIS_YYYY-MM-DD] | show CODE");
  process.exit(2);
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

async function viaServer(command: string, arg: string, validUntil?: string): Promise<void> {
  const env = getEnv();
  if (!env.ADMIN_API_TOKEN) {
    console.error(
      "Der Server läuft und hält die eingebettete Datenbank. Setzen Sie ADMIN_API_TOKEN (wie beim Server), " +
        "damit der Befehl über den laufenden Server arbeitet, oder stoppen Sie den Server zuerst.",
    );
    process.exit(1);
  }
  const headers = { Authorization: `Bearer ${env.ADMIN_API_TOKEN}`, "Content-Type": "application/json" };
  const response =
    command === "create"
      ? await fetch(`${env.PUBLIC_URL}/api/vouchers`, { method: "POST", headers, body: JSON.stringify({ amount: Number(arg), validUntil }) })
      : await fetch(`${env.PUBLIC_URL}/api/vouchers/${encodeURIComponent(arg)}`, { headers });
  const body = (await response.json()) as Summary & { error?: string; ledger?: VoucherReport["ledger"] };
  if (!response.ok) {
    console.error(response.status === 404 ? "Gutschein nicht gefunden." : `Fehler: ${body.error ?? response.status}`);
    process.exit(1);
  }
  print(body);
}

async function main() {
  const [command, arg, validUntil] = process.argv.slice(2);
  if ((command !== "create" && command !== "show") || !arg) usage();
  if (command === "create" && !(Number(arg) > 0)) usage();
  if (validUntil !== undefined && !isIsoDate(validUntil)) usage();
  const env = getEnv();
  let database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) return viaServer(command, arg, validUntil);
    throw error;
  }
  try {
    if (command === "create") {
      print(voucherSummary(await createVoucher(database.db, { amountRappen: Math.round(Number(arg) * 100), validUntil })));
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

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
