/**
 * Staff command for the sign-in at /admin/login:
 *   npm run staff -- add EMAIL        create an account
 *   npm run staff -- password EMAIL   set a new password (ends the account's open sessions)
 *   npm run staff -- disable EMAIL    refuse the account (at once, open sessions included)
 *   npm run staff -- enable EMAIL     allow it again
 *   npm run staff -- list             all accounts
 * A password comes from STAFF_PASSWORD or is asked for twice on the terminal (not shown).
 * Uses the server's database configuration (DATABASE_URL, or the embedded database in DATA_DIR).
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { DataDirLockedError } from "../app/server/platform/data-dir-lock.server";
import { openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";
import { passwordProblem } from "../app/server/staff/passwords.server";
import {
  createStaffAccount,
  listStaffAccounts,
  setStaffAccountDisabled,
  setStaffPassword,
  StaffAccountError,
} from "../app/server/staff/staff-accounts.server";

function usage(): never {
  console.error(
    [
      "Aufruf: npm run staff -- add E-MAIL        Konto anlegen",
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

const WITH_EMAIL = new Set(["add", "password", "disable", "enable"]);

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  const valid = command === "list" ? email === undefined : WITH_EMAIL.has(command ?? "") && Boolean(email) && rest.length === 0;
  if (!valid) usage();
  const password = command === "add" || command === "password" ? await readPassword() : undefined;
  const env = getEnv();
  let database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    const db = database.db;
    if (command === "list") {
      const accounts = await listStaffAccounts(db);
      if (accounts.length === 0) console.info("Noch keine Konten.");
      for (const a of accounts) console.info(`${a.email}\t${a.disabledAt ? "gesperrt" : "aktiv"}\tangelegt ${a.createdAt.toISOString().slice(0, 10)}`);
    } else if (command === "add") {
      const staff = await createStaffAccount(db, email!, password!);
      console.info(`Konto für ${staff.email} angelegt (Anmeldung unter ${env.PUBLIC_URL}/admin/login).`);
    } else if (command === "password") {
      const staff = await setStaffPassword(db, email!, password!);
      console.info(`Neues Passwort für ${staff.email} gesetzt; offene Sitzungen sind beendet.`);
    } else {
      const staff = await setStaffAccountDisabled(db, email!, command === "disable");
      console.info(command === "disable" ? `Konto ${staff.email} gesperrt; offene Sitzungen sind beendet.` : `Konto ${staff.email} entsperrt.`);
    }
  } catch (error) {
    if (!(error instanceof StaffAccountError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
