import { expect, test } from "vitest";
import { pgJson } from "./repository";
import { personName } from "./schemas";
import { containsPattern } from "@/lib/db/like";

test("personName: email, name or username, else the first distinct id, else the id", () => {
  expect(personName({ name: "Ann", email: "ann@x" }, ["d"], "id")).toBe("ann@x");
  expect(personName({ email: "", name: "Ann" }, ["d"], "id")).toBe("Ann");
  expect(personName({ username: 42 }, ["d"], "id")).toBe("42");
  expect(personName({}, ["d1", "d2"], "id")).toBe("d1");
  expect(personName({}, [], "id")).toBe("id");
});

test("containsPattern takes LIKE wildcards literally", () => {
  expect(containsPattern("a_b%c\\d")).toBe("%a\\_b\\%c\\\\d%");
});

test("pgJson: U+0000 and lone surrogates (which jsonb cannot hold) become U+FFFD; a literal backslash-u0000 stays", () => {
  expect(JSON.parse(pgJson({ "k\u0000": "v\u0000" }))).toEqual({ "k\ufffd": "v\ufffd" });
  expect(JSON.parse(pgJson(["a\ud800b", "\udc00", "😀"]))).toEqual(["a\ufffdb", "\ufffd", "😀"]);
  expect(JSON.parse(pgJson(["\\u0000"]))).toEqual(["\\u0000"]);
  expect(JSON.parse(pgJson(["\\\u0000"]))).toEqual(["\\\ufffd"]);
});
