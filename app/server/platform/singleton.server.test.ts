import { describe, expect, it } from "vitest";
import { claimModule, DuplicateModuleError } from "./singleton.server";

describe("claimModule", () => {
  it("lets the same file load again (Vite's reload of a changed module, with or without ?t=)", () => {
    claimModule("test/reloaded", "file:///srv/app/server/x.server.ts");
    expect(() => claimModule("test/reloaded", "file:///srv/app/server/x.server.ts")).not.toThrow();
    expect(() => claimModule("test/reloaded", "file:///srv/app/server/x.server.ts?t=1700000000")).not.toThrow();
  });

  it("fails loudly when a second copy comes from another file (tsx source beside the build)", () => {
    claimModule("test/twice", "file:///srv/build/server/index.js");
    expect(() => claimModule("test/twice", "file:///srv/app/server/platform/prepared.server.ts")).toThrow(DuplicateModuleError);
    expect(() => claimModule("test/twice", "file:///srv/app/server/platform/prepared.server.ts")).toThrow(/loaded twice.*node build\/server\.js/);
  });

  it("is claimed by the modules that keep per-process statement state", async () => {
    await import("./prepared.server");
    await import("./db.server");
    const modules = (globalThis as { __funWorldModules?: Map<string, string> }).__funWorldModules!;
    expect(modules.get("platform/prepared")).toMatch(/prepared\.server\.ts$/);
    expect(modules.get("platform/db")).toMatch(/db\.server\.ts$/);
  });
});
