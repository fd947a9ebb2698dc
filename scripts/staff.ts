/**
 * Staff command: `npm run staff -- add EMAIL` creates a staff account for the sign-in at /admin/login.
 * The password comes from STAFF_PASSWORD or is asked for twice on the terminal (not shown).
 * Uses the server's database configuration (DATABASE_URL, or the embedded database in DATA_DIR).
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { createStaffAccount, StaffAccountError } from "../app/server/auth.server";
import { DataDirLockedError } from "../app/server/data-dir-lock.server";
import { openDatabase } from "../app/server/db.server";
import { getEnv } from "../app/server/env.server";
import { passwordProblem } from "../app/server/passwords.server";

function usage(): never {
  console.error("Aufruf: npm run staff -- add E-MAIL   (Passwort aus STAFF_PASSWORD oder verdeckte Eingabe)");
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

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== "add" || !email || rest.length > 0) usage();
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
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
    const staff = await createStaffAccount(database.db, email, password);
    console.info(`Konto für ${staff.email} angelegt (Anmeldung unter ${env.PUBLIC_URL}/admin/login).`);
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
