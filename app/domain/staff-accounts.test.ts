import { describe, expect, it } from "vitest";
import { accountFormName, isAccountName, parseAccountCommand, passwordProblem, ROLE_LABELS } from "./staff-accounts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("staff account rules", () => {
  it("passwords: at least 10 characters (umlauts count once), at most what the sign-in accepts", () => {
    expect(passwordProblem("kurz")).toBe("Das Passwort muss mindestens 10 Zeichen lang sein.");
    expect(passwordProblem("Grüezi-123")).toBeNull();
    expect(passwordProblem("x".repeat(1024))).toBeNull();
    expect(passwordProblem("x".repeat(1025))).toBe("Das Passwort darf höchstens 1024 Zeichen lang sein.");
  });

  it("sign-in names: an e-mail address up to 254 characters, or admin", () => {
    expect(isAccountName("anna@funworld.ch")).toBe(true);
    expect(isAccountName("admin")).toBe(true);
    expect(isAccountName("anna")).toBe(false);
    expect(isAccountName("anna @funworld.ch")).toBe(false);
    expect(isAccountName(`${"a".repeat(250)}@f.ch`)).toBe(false);
  });

  it("role labels are the words of the 403 page", () => {
    expect(ROLE_LABELS).toEqual({ staff: "Mitarbeitende", manager: "Leitung" });
  });
});

describe("parseAccountCommand", () => {
  it("a new account: trimmed, lower-cased address, role, the password as typed", () => {
    expect(parseAccountCommand(form({ intent: "create", email: "  Anna@FunWorld.ch ", role: "staff", password: " zehn-zeichen " }))).toEqual({
      ok: true,
      value: { intent: "create", email: "anna@funworld.ch", role: "staff", password: " zehn-zeichen " },
    });
  });

  it("every wrong field at once, with German messages; the password is never among the values shown again", () => {
    const parsed = parseAccountCommand(form({ intent: "create", email: "keine-adresse", role: "owner", password: "kurz" }));
    expect(parsed).toEqual({
      ok: false,
      intent: "create",
      email: "keine-adresse",
      values: { email: "keine-adresse", role: "owner" },
      errors: {
        email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        role: "Bitte wählen Sie eine Rolle.",
        password: "Das Passwort muss mindestens 10 Zeichen lang sein.",
      },
      message: "Bitte prüfen Sie die markierten Felder.",
    });
    expect(JSON.stringify(parsed)).not.toContain("kurz");
  });

  it("row commands name the account by its address", () => {
    expect(parseAccountCommand(form({ intent: "role", email: "admin", role: "staff" }))).toEqual({ ok: true, value: { intent: "role", email: "admin", role: "staff" } });
    expect(parseAccountCommand(form({ intent: "password", email: "a@b.ch", password: "ein-neues-passwort" }))).toEqual({
      ok: true,
      value: { intent: "password", email: "a@b.ch", password: "ein-neues-passwort" },
    });
    expect(parseAccountCommand(form({ intent: "disable", email: "a@b.ch" }))).toEqual({ ok: true, value: { intent: "disable", email: "a@b.ch" } });
    expect(parseAccountCommand(form({ intent: "enable", email: "a@b.ch" }))).toEqual({ ok: true, value: { intent: "enable", email: "a@b.ch" } });
    const short = parseAccountCommand(form({ intent: "password", email: "a@b.ch", password: "kurz" }));
    expect(short).toMatchObject({ ok: false, values: { email: "a@b.ch" }, errors: { password: "Das Passwort muss mindestens 10 Zeichen lang sein." } });
    // A row without its hidden address (a crafted post): the form's message says so.
    expect(parseAccountCommand(form({ intent: "disable" }))).toMatchObject({ ok: false, message: "Dieses Konto gibt es nicht." });
  });

  it("names the form an answer belongs to", () => {
    expect(accountFormName("create", "a@b.ch")).toBe("account-new");
    expect(accountFormName("role", "a@b.ch")).toBe("role:a@b.ch");
    expect(accountFormName("disable", "a@b.ch")).toBe("status:a@b.ch");
    expect(accountFormName("enable", "a@b.ch")).toBe("status:a@b.ch");
  });
});
