import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeDirectory } from "./fs.server";

describe("makeDirectory", () => {
  it("makes every missing level and accepts one that exists", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "fw-mkdir-"));
    const deep = path.join(root, "a", "b", "c");
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectory(deep)).not.toThrow();
  });

  it("throws at once, with the path, where a directory cannot be made (Node's recursive mkdir never returns under /proc)", () => {
    expect(() => makeDirectory("/proc/nope/pglite")).toThrow(expect.objectContaining({ code: "ENOENT", path: "/proc/nope" }));
  });

  it("refuses a file in the way", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "fw-mkdir-"));
    writeFileSync(path.join(root, "file"), "");
    expect(() => makeDirectory(path.join(root, "file", "sub"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });
});
