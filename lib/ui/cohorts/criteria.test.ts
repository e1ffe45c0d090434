import { describe, expect, test } from "vitest";
import {
  addCriterion,
  distinctIdsCsv,
  addGroup,
  type CohortCriteria,
  fromCriteria,
  newCriterion,
  removeCriterion,
  replaceCriterion,
  setGroupJunction,
  toCriteria,
  withMultiple,
  ZCohortForm,
} from "@/lib/ui/cohorts/criteria";

const email = { type: "person", key: "email", operator: "icontains", value: "@acme.com" } as const;
const signedUp = {
  type: "behavioral",
  value: "performed_event",
  key: "signup",
  event_type: "events",
  time_value: 7,
  time_interval: "day",
} as const;

describe("toCriteria", () => {
  test("a flat group of criteria becomes one group with its junction", () => {
    expect(toCriteria({ type: "OR", values: [email, signedUp] })).toEqual({
      type: "AND",
      values: [{ type: "OR", values: [email, signedUp] }],
    });
  });
  test("groups of groups keep both junctions; deeper criteria stay in their top group", () => {
    const stored = {
      type: "OR",
      values: [
        { type: "AND", values: [email, { type: "OR", values: [signedUp] }] },
        { type: "AND", values: [signedUp] },
      ],
    };
    expect(toCriteria(stored)).toEqual({
      type: "OR",
      values: [
        { type: "AND", values: [email, signedUp] },
        { type: "AND", values: [signedUp] },
      ],
    });
  });
  test("nothing stored is no group", () => {
    expect(toCriteria(undefined)).toEqual({ type: "AND", values: [] });
  });
});

describe("tree edits", () => {
  const start: CohortCriteria = { type: "AND", values: [{ type: "AND", values: [email] }] };
  test("adding a group starts it with one criterion of the asked kind", () => {
    expect(addGroup(start, "cohort").values[1]).toEqual({ type: "AND", values: [newCriterion("cohort")] });
  });
  test("a criterion is added, replaced and removed in its own group only", () => {
    const two = addGroup(start);
    const added = addCriterion(two, 0, "behavioral");
    expect(added.values[0].values).toHaveLength(2);
    expect(added.values[1].values).toHaveLength(1);
    const replaced = replaceCriterion(added, { group: 0, index: 1 }, signedUp);
    expect(replaced.values[0].values[1]).toBe(signedUp);
    expect(removeCriterion(replaced, { group: 0, index: 0 }).values[0].values).toEqual([signedUp]);
  });
  test("removing a group's last criterion removes the group", () => {
    expect(removeCriterion(addGroup(start), { group: 1, index: 0 })).toEqual(start);
  });
  test("a group's junction changes alone", () => {
    expect(setGroupJunction(addGroup(start), 1, "OR").values.map((g) => g.type)).toEqual(["AND", "OR"]);
  });
  test("empty groups are not sent", () => {
    expect(
      fromCriteria({
        type: "OR",
        values: [
          { type: "AND", values: [] },
          { type: "AND", values: [email] },
        ],
      }),
    ).toEqual({ type: "OR", values: [{ type: "AND", values: [email] }] });
  });
});

describe("withMultiple", () => {
  test("N times adds an at-least-once comparison, once drops it", () => {
    const multiple = withMultiple(signedUp, true);
    expect(multiple).toMatchObject({ value: "performed_event_multiple", operator: "gte", operator_value: 1 });
    expect(withMultiple(multiple, false)).toEqual(signedUp);
  });
});

describe("ZCohortForm", () => {
  const form = (criteria: unknown) => ZCohortForm.safeParse({ name: "Buyers", description: "", criteria });
  test("accepts complete criteria", () => {
    expect(
      form({ type: "AND", values: [{ type: "OR", values: [email, signedUp, { type: "cohort", key: "id", value: 3 }] }] }).success,
    ).toBe(true);
  });
  test("refuses no criterion, a property without value, an event without name, a cohort not chosen", () => {
    expect(form({ type: "AND", values: [] }).success).toBe(false);
    expect(form({ type: "AND", values: [{ type: "AND", values: [{ ...email, value: "" }] }] }).success).toBe(false);
    expect(form({ type: "AND", values: [{ type: "AND", values: [{ ...signedUp, key: "" }] }] }).success).toBe(false);
    expect(form({ type: "AND", values: [{ type: "AND", values: [newCriterion("cohort")] }] }).success).toBe(false);
  });
  test("is_set needs no value", () => {
    expect(form({ type: "AND", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "is_set" }] }] }).success).toBe(
      true,
    );
  });
});

describe("distinctIdsCsv", () => {
  test("one header, one id a line, commas and quotes quoted", () => {
    expect(distinctIdsCsv(["a", 'b,"c"'])).toBe('distinct_id\na\n"b,""c"""\n');
  });
});
