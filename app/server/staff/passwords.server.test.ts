import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.server";

describe("staff passwords", () => {
  it("verifies the password it hashed, in a self-describing format", async () => {
    const stored = await hashPassword("korrekt-pferd-batterie");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const [, , , , salt, hash] = stored.split("$");
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(64);
    expect(await verifyPassword("korrekt-pferd-batterie", stored)).toBe(true);
  });

  it("refuses a wrong password", async () => {
    const stored = await hashPassword("korrekt-pferd-batterie");
    expect(await verifyPassword("korrekt-pferd-batteriE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats composed and decomposed umlauts as the same password", async () => {
    const stored = await hashPassword("Grüezi-mitenand");
    expect(await verifyPassword("Gru\u0308ezi-mitenand", stored)).toBe(true);
  });

  it("answers false for malformed hashes instead of throwing", async () => {
    const good = await hashPassword("korrekt-pferd-batterie");
    const [, , , , salt, hash] = good.split("$");
    for (const stored of [
      "",
      "plaintext",
      "bcrypt$16384$8$1$" + salt + "$" + hash,
      "scrypt$16384$8$1$" + salt,
      "scrypt$abc$8$1$" + salt + "$" + hash,
      "scrypt$1000$8$1$" + salt + "$" + hash, // N not a power of two
      "scrypt$1073741824$8$1$" + salt + "$" + hash, // N absurdly large
      "scrypt$16384$8$1$" + salt + "$!!notbase64!!",
      "scrypt$16384$8$1$$" + hash,
      "scrypt$16384$8$1$" + salt + "$" + hash + "$extra",
    ]) {
      expect(await verifyPassword("korrekt-pferd-batterie", stored), stored).toBe(false);
    }
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("gleiches-passwort"), hashPassword("gleiches-passwort")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword("gleiches-passwort", a)).toBe(true);
    expect(await verifyPassword("gleiches-passwort", b)).toBe(true);
  });

  it("asks for at least 10 characters", () => {
    expect(passwordProblem("kurz")).toBe("Das Passwort muss mindestens 10 Zeichen lang sein.");
    expect(passwordProblem("123456789")).not.toBeNull();
    expect(passwordProblem("1234567890")).toBeNull();
  });
});
