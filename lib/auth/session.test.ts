import { describe, expect, test } from "vitest";
import { sessionClaims } from "./session";

const sid = "0b7c3e52-4a5f-4d2a-9a51-1f6c2b7e9d10";

describe("sessionClaims", () => {
  test("a token naming a user and a session", () => {
    expect(sessionClaims({ sub: "42", sid })).toEqual({ userId: 42, sessionId: sid });
  });

  test("tokens from before recorded sessions (no sid) name none", () => {
    expect(sessionClaims({ sub: "42", email: "a@example.com", name: "A" })).toBeNull();
  });

  test("session ids that could not be a row's (not a UUID) name none, so they never reach the database", () => {
    for (const bad of ["", "x", 42, null, ["x"], `${sid}\u0000`, `${sid} `, sid.replace(/-/g, "")])
      expect(sessionClaims({ sub: "42", sid: bad })).toBeNull();
  });

  test("user ids must be positive integers", () => {
    for (const sub of [undefined, "", "0", "-1", "1.5", "abc", "9007199254740993"]) expect(sessionClaims({ sub, sid })).toBeNull();
    expect(sessionClaims(null)).toBeNull();
  });
});
