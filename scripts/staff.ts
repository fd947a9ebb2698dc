/**
 * Staff command for the sign-in at /admin/login:
 *   npm run staff -- add EMAIL [--role staff|manager]   create an account (role `staff` unless given)
 *   npm run staff -- role EMAIL staff|manager           change an account's role
 *   npm run staff -- password EMAIL   set a new password (ends the account's open sessions)
 *   npm run staff -- disable EMAIL    refuse the account (at once, open sessions included)
 *   npm run staff -- enable EMAIL     allow it again
 *   npm run staff -- list             all accounts
 * A password comes from STAFF_PASSWORD or is asked for twice on the terminal (not shown).
 * Uses the server's database configuration (DATABASE_URL, or the embedded database in DATA_DIR).
 */
import { userInfo } from "node:os";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { DataDirLockedError } from "../app/server/platform/data-dir-lock.server";
import { openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";
import { loggableError } from "../app/server/platform/log.server";
import { passwordProblem } from "../app/server/staff/passwords.server";
import {
  createStaffAccount,
  listStaffAccounts,
  setStaffAccountDisabled,
  setStaffPassword,
  setStaffRole,
  StaffAccountError,
} from "../app/server/staff/staff-accounts.server";
import { parseStaffArgs } from "./staff-args";

function usage(): never {
  console.error(
    [
      "Aufruf: npm run staff -- add E-MAIL [--role staff|manager]   Konto anlegen (ohne --role: staff)",
      "        npm run staff -- role E-MAIL staff|manager       Rolle ändern",
      "        npm run staff -- password E-MAIL   neues Passwort (beendet offene Sitzungen)",
      "        npm run staff -- disable E-MAIL    Konto sperren",
      "        npm run staff -- enable E-MAIL     Konto entsperren",
      "        npm run staff -- list              alle Konten",
      "Das Passwort kommt aus STAFF_PASSWORD oder wird verdeckt abgefragt.",
    ].join("\n"),
  );
  process.exit(2);
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, encoding: BufferEncoding, callback: () => void) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.on("SIGINT", () => {
      rl.close();
      process.stdout.write("\n");
      process.exit(130);
    });
    rl.on("close", () => {
      if (!answered) reject(new Error("Eingabe abgebrochen."));
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  if (!process.stdin.isTTY) {
    console.error("Kein Terminal für die Passworteingabe: übergeben Sie das Passwort in STAFF_PASSWORD.");
    process.exit(2);
  }
  const first = await askHidden("Passwort: ");
  const problem = passwordProblem(first);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const second = await askHidden("Passwort wiederholen: ");
  if (first !== second) {
    console.error("Die Passwörter stimmen nicht überein.");
    process.exit(1);
  }
  return first;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A container user without a passwd entry.
    return String(process.getuid?.() ?? "unbekannt");
  }
}

async function main() {
  const args = parseStaffArgs(process.argv.slice(2));
  if (!args.ok && args.reason === "usage") usage();
  if (!args.ok) {
    console.error("Die Rolle muss «staff» oder «manager» sein.");
    process.exit(2);
  }
  const cmd = args.value;
  const password = cmd.command === "add" || cmd.command === "password" ? await readPassword() : undefined;
  // The audit log names who ran the command on the server.
  const by = `operator:${osUser()}`;
  const env = getEnv();
  let database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The running server holds the embedded database: the exact steps, or the browser page that does the same.
      console.error(
        `Der Server läuft und hält die eingebettete Datenbank (PID ${error.pid}). So geht es: den Server stoppen (Ctrl+C), ` +
          `diesen Befehl wiederholen und den Server wieder starten (npm start) – oder als Leitung im Browser unter ` +
          `${env.PUBLIC_URL}/admin/einstellungen/mitarbeitende, ohne den Server zu stoppen.`,
      );
      process.exit(1);
    }
    throw error;
  }
  try {
    const db = database.db;
    if (cmd.command === "list") {
      const accounts = await listStaffAccounts(db);
      if (accounts.length === 0) console.info("Noch keine Konten.");
      for (const a of accounts) console.info(`${a.email}\t${a.role}\t${a.disabledAt ? "gesperrt" : "aktiv"}\tangelegt ${a.createdAt.toISOString().slice(0, 10)}`);
    } else if (cmd.command === "add") {
      const staff = await createStaffAccount(db, cmd.email, password!, cmd.role, by);
      console.info(`Konto für ${staff.email} (Rolle ${staff.role}) angelegt (Anmeldung unter ${env.PUBLIC_URL}/admin/login).`);
    } else if (cmd.command === "role") {
      const staff = await setStaffRole(db, cmd.email, cmd.role, by);
      console.info(`Konto ${staff.email} hat jetzt die Rolle ${staff.role}.`);
    } else if (cmd.command === "password") {
      const staff = await setStaffPassword(db, cmd.email, password!, new Date(), by);
      console.info(`Neues Passwort für ${staff.email} gesetzt; offene Sitzungen sind beendet.`);
    } else {
      const staff = await setStaffAccountDisabled(db, cmd.email, cmd.command === "disable", new Date(), by);
      console.info(cmd.command === "disable" ? `Konto ${staff.email} gesperrt; offene Sitzungen sind beendet.` : `Konto ${staff.email} entsperrt.`);
    }
  } catch (error) {
    // Anything unexpected is printed without the failed query's parameters (a password hash).
    console.error(error instanceof StaffAccountError ? error.message : loggableError(error).stack);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
