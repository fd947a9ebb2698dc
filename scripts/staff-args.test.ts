import { describe, expect, it } from "vitest";
import { parseStaffArgs } from "./staff-args";

describe("npm run staff arguments", () => {
  it("adds staff by default, a manager with --role in either spelling", () => {
    expect(parseStaffArgs(["add", "a@b.ch"])).toEqual({ ok: true, value: { command: "add", email: "a@b.ch", role: "staff" } });
    expect(parseStaffArgs(["add", "a@b.ch", "--role", "manager"])).toEqual({ ok: true, value: { command: "add", email: "a@b.ch", role: "manager" } });
    expect(parseStaffArgs(["add", "a@b.ch", "--role=manager"])).toEqual({ ok: true, value: { command: "add", email: "a@b.ch", role: "manager" } });
    expect(parseStaffArgs(["add", "a@b.ch", "--role=staff"])).toEqual({ ok: true, value: { command: "add", email: "a@b.ch", role: "staff" } });
  });

  it("refuses an unknown role, a missing one, and options in the wrong place", () => {
    expect(parseStaffArgs(["add", "a@b.ch", "--role", "owner"])).toEqual({ ok: false, reason: "role" });
    expect(parseStaffArgs(["add", "a@b.ch", "--role="])).toEqual({ ok: false, reason: "role" });
    expect(parseStaffArgs(["add", "a@b.ch", "--role"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["add", "a@b.ch", "manager"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["add", "--role", "manager", "a@b.ch"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["add", "a@b.ch", "--role", "manager", "extra"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["add"])).toEqual({ ok: false, reason: "usage" });
  });

  it("changes a role, and reads the other commands", () => {
    expect(parseStaffArgs(["role", "a@b.ch", "manager"])).toEqual({ ok: true, value: { command: "role", email: "a@b.ch", role: "manager" } });
    expect(parseStaffArgs(["role", "a@b.ch", "boss"])).toEqual({ ok: false, reason: "role" });
    expect(parseStaffArgs(["role", "a@b.ch"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["password", "a@b.ch"])).toEqual({ ok: true, value: { command: "password", email: "a@b.ch" } });
    expect(parseStaffArgs(["disable", "a@b.ch", "--role", "staff"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["list"])).toEqual({ ok: true, value: { command: "list" } });
    expect(parseStaffArgs(["list", "a@b.ch"])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs([])).toEqual({ ok: false, reason: "usage" });
    expect(parseStaffArgs(["delete", "a@b.ch"])).toEqual({ ok: false, reason: "usage" });
  });
});
