import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { loggableError, oneLineError } from "./log.server";

describe("loggableError", () => {
  const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";
  const failed = () =>
    new DrizzleQueryError('update "staff" set "password_hash" = $1 where "staff"."id" = $2', [hash, 7], new Error("canceling statement due to lock timeout"));

  it("keeps a failed query's SQL and the database's reason, and hides its parameters", () => {
    const logged = loggableError(failed());
    expect(logged.message).toContain('update "staff" set "password_hash" = $1');
    expect(logged.message).toContain("params: [2 hidden]");
    expect(logged.cause).toBe("canceling statement due to lock timeout");
    expect(JSON.stringify(logged)).not.toContain(hash);
    expect(logged.stack).toContain("params: [2 hidden]");
  });

  it("also when the failed query is the cause of the error that reached the top", () => {
    const wrapped = new Error("transaction failed", { cause: failed() });
    const logged = loggableError(wrapped);
    expect(logged.message).toBe("transaction failed");
    expect(JSON.stringify(logged)).not.toContain(hash);
  });

  it("leaves other errors as they are, and names thrown non-errors", () => {
    const plain = new TypeError("x is not a function");
    expect(loggableError(plain)).toEqual({ type: "TypeError", message: "x is not a function", stack: plain.stack });
    expect(loggableError(new Response(null, { status: 404, statusText: "Not Found" })).message).toBe("404 Not Found");
  });
});

describe("oneLineError", () => {
  it("names the cause with its SQLSTATE in one line, without the query's parameters", () => {
    const reason = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const error = new DrizzleQueryError('select "email" from "staff" where "id" = $1', ["lea@example.ch"], reason);
    const line = oneLineError(error);
    expect(line).toBe('Failed query: select "email" from "staff" where "id" = $1 ← terminating connection due to administrator command (57P01)');
    expect(line).not.toContain("\n");
    expect(line).not.toContain("lea@example.ch");
  });

  it("reads an unreachable host's AggregateError and plain values", () => {
    const refused = Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" })], ""), { code: "ECONNREFUSED" });
    expect(oneLineError(refused)).toBe("connect ECONNREFUSED 10.0.0.5:5432");
    expect(oneLineError("plain")).toBe("plain");
  });
});
