import { describe, expect, test } from "vitest";
import { ConfigProblem } from "../transformations/kinds";
import type { DestinationEvent } from "./kinds";
import { parseTemplate, renderTemplate } from "./template";

const context: DestinationEvent = {
  event: {
    uuid: "0190a0a0-0000-7000-8000-000000000001",
    event: "purchase",
    distinct_id: "user-1",
    timestamp: "2024-06-01T00:00:00.000Z",
    properties: { plan: "pro", amount: 12.5, nested: { deep: [1, 2] }, "with.dot": "whole", $current_url: "https://x.test/" },
    elements_chain: "",
  },
  person: { id: "p-1", properties: { email: "a@b.test" } },
  projectId: 1,
};

const render = (template: string, event = context) => renderTemplate(parseTemplate(template), event);

describe("webhook body template", () => {
  test("a string that is one placeholder becomes the value, with its type", () => {
    expect(
      render('{"id": "{event.uuid}", "amount": "{event.properties.amount}", "deep": "{event.properties.nested.deep}", "all": "{person}"}'),
    ).toEqual({ id: context.event.uuid, amount: 12.5, deep: [1, 2], all: context.person });
  });

  test("placeholders inside longer strings are replaced by their text; others stay as written", () => {
    expect(render('["{event.event} by {person.properties.email}", "nested: {event.properties.nested}", "{literal} {x.y}"]')).toEqual([
      "purchase by a@b.test",
      'nested: {"deep":[1,2]}',
      "{literal} {x.y}",
    ]);
  });

  test("a property named with dots is found whole; a missing value is null, or empty text inside a string", () => {
    expect(render('{"a": "{event.properties.with.dot}", "b": "{event.properties.none}", "c": "x{person.properties.none}y"}')).toEqual({
      a: "whole",
      b: null,
      c: "xy",
    });
    expect(render('{"p": "{person.properties.email}", "whole": "{person}"}', { ...context, person: null })).toEqual({
      p: null,
      whole: null,
    });
  });

  test("numbers, booleans, null and $-properties pass through", () => {
    expect(render('{"n": 1, "t": true, "z": null, "u": "{event.properties.$current_url}"}')).toEqual({
      n: 1,
      t: true,
      z: null,
      u: "https://x.test/",
    });
  });

  test("bad templates are refused on `body`", () => {
    for (const bad of [
      "{not json",
      '{"a": "{event.nope}"}',
      '{"a": "{person.uuid}"}',
      '{"a": "{event.uuid.more}"}',
      "[".repeat(20) + "]".repeat(20),
    ]) {
      let problem: unknown;
      try {
        parseTemplate(bad);
      } catch (error) {
        problem = error;
      }
      expect(problem, bad).toBeInstanceOf(ConfigProblem);
      expect((problem as ConfigProblem).key).toBe("body");
    }
  });
});
