import { describe, expect, it } from "vitest";
import { KeyedMutex } from "./keyed-mutex.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("KeyedMutex", () => {
  it("runs tasks of one key one after another, in arrival order", async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      running--;
      return name;
    };
    const results = await Promise.all(["a", "b", "c"].map((n) => mutex.run("day", task(n))));
    expect(results).toEqual(["a", "b", "c"]);
    expect(most).toBe(1);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
    expect(mutex.size).toBe(0);
  });

  it("lets different keys run at the same time", async () => {
    const mutex = new KeyedMutex();
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    };
    await Promise.all([mutex.run("sat", task), mutex.run("sun", task)]);
    expect(most).toBe(2);
  });

  it("passes a failure to its caller and goes on with the next task", async () => {
    const mutex = new KeyedMutex();
    const failed = mutex.run("day", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = mutex.run("day", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
    expect(mutex.size).toBe(0);
  });
});
