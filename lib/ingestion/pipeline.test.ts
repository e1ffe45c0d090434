import { describe, expect, test } from "vitest";
import { firstOccurrences, retryDates } from "./dedup";
import { eventRow } from "./event-row";
import { takeGroup } from "./pipeline";
import type { CapturedEvent } from "./types";

const event = (uuid: string, extra: Partial<CapturedEvent> = {}): CapturedEvent => ({
  uuid,
  event: "e",
  distinctId: "d",
  properties: {},
  timestamp: new Date("2024-01-02T03:04:05.678Z"),
  ...extra,
});

describe("takeGroup", () => {
  const request = (n: number) => ({ events: Array.from({ length: n }) });

  test("takes whole requests up to the cap, at least one", () => {
    const queue = [request(3), request(4), request(5)];
    expect(takeGroup(queue, 8).map((r) => r.events.length)).toEqual([3, 4]);
    expect(queue.map((r) => r.events.length)).toEqual([5]);
    const big = [request(50), request(1)];
    expect(takeGroup(big, 10).map((r) => r.events.length)).toEqual([50]);
  });

  test("a request marked alone (its group failed) is flushed by itself", () => {
    const queue = [{ ...request(1), alone: true }, { ...request(1), alone: true }, request(1), request(1), { ...request(1), alone: true }];
    expect(takeGroup(queue, 10)).toHaveLength(1);
    expect(takeGroup(queue, 10)).toHaveLength(1);
    expect(takeGroup(queue, 10)).toHaveLength(2);
    expect(takeGroup(queue, 10)).toEqual([{ ...request(1), alone: true }]);
  });
});

describe("firstOccurrences", () => {
  test("a uuid is stored once: later copies in the group and ones the store holds count as duplicates", () => {
    const group = [
      { projectId: 1, events: [event("A"), event("b"), event("a")] },
      { projectId: 1, events: [event("b"), event("c")] },
      { projectId: 2, events: [event("a")] },
    ];
    const { fresh, duplicates } = firstOccurrences(group, new Set(["1:c"]));
    expect(fresh.map((f) => [f.request, f.projectId, f.event.uuid])).toEqual([
      [0, 1, "A"],
      [0, 1, "b"],
      [2, 2, "a"],
    ]);
    expect(duplicates).toEqual([1, 2, 0]);
  });
});

test("retryDates: each day with its neighbours, once, in order", () => {
  const day = (iso: string) => Date.parse(iso) / 86_400_000;
  expect(retryDates([day("2024-03-01"), day("2024-02-28"), day("2024-03-01")])).toEqual([
    "2024-02-27",
    "2024-02-28",
    "2024-02-29",
    "2024-03-01",
    "2024-03-02",
  ]);
});

test("eventRow: properties as JSON text, ISO timestamp, $elements_chain in its own column", () => {
  const row = eventRow({ projectId: 7, event: event("u", { properties: { a: 1, $elements_chain: "div:nth-child=1" } }) }, "person");
  expect(row).toEqual({
    uuid: "u",
    event: "e",
    properties: { a: 1 },
    timestamp: "2024-01-02T03:04:05.678Z",
    team_id: 7,
    distinct_id: "d",
    person_id: "person",
    elements_chain: "div:nth-child=1",
  });
});

test("eventRow: an $elements list becomes PostHog's chain and leaves the properties; a sent chain wins", () => {
  const elements = [{ tag_name: "button", $el_text: "Go", nth_child: 1, nth_of_type: 1 }, { tag_name: "body" }];
  const fromList = eventRow({ projectId: 7, event: event("u", { properties: { a: 1, $elements: elements } }) }, "person");
  expect(fromList.properties).toEqual({ a: 1 });
  expect(fromList.elements_chain).toBe('button:nth-child="1"nth-of-type="1"text="Go";body:nth-child="0"nth-of-type="0"');
  const both = eventRow({ projectId: 7, event: event("u", { properties: { $elements: elements, $elements_chain: "a:" } }) }, "person");
  expect(both).toMatchObject({ properties: {}, elements_chain: "a:" });
  const malformed = eventRow({ projectId: 7, event: event("u", { properties: { $elements: "not a list" } }) }, "person");
  expect(malformed).toMatchObject({ properties: {}, elements_chain: "" });
});
