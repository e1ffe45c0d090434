import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { mulberry32 } from "../support/reference";

const baseUrl = inject("baseUrl");
const FROM = "2024-03-01";
const TO = "2024-03-14";
const DAY = 86_400_000;

/**
 * Actions as trend series, funnel steps and exclusions, and retention entities: each analysis with an action
 * must equal the same analysis written with what the action matches (its event, or the sum of its steps).
 */
describe("actions in analyses", () => {
  let user: TestUser;
  let purchase: number;
  let signupOrPricing: number;
  const events: SentEvent[] = [];

  beforeAll(async () => {
    user = await signUp(baseUrl);
    const random = mulberry32(42);
    for (let p = 0; p < 60; p++) {
      let t = Date.parse(`${FROM}T00:00:00Z`) + Math.floor(random() * 10 * DAY);
      for (let k = 0; k < 8; k++) {
        const r = random();
        const event = r < 0.5 ? "$pageview" : r < 0.7 ? "signed_up" : r < 0.85 ? "purchase" : "refund";
        const url = random() < 0.4 ? "https://shop.example/pricing?x=1" : "https://shop.example/home";
        events.push({ event, distinct_id: `p${p}`, timestamp: new Date(t).toISOString(), properties: { $current_url: url } });
        t += Math.floor(random() * DAY);
      }
    }
    await sendEvents(baseUrl, user, events);
    const create = async (body: Record<string, unknown>) => {
      const response = await user.session.post(`/api/projects/${user.projectId}/actions/`, body);
      expect(response.status, response.text).toBe(201);
      return response.body.id as number;
    };
    purchase = await create({ name: "Purchased", steps: [{ event: "purchase" }] });
    signupOrPricing = await create({
      name: "Signed up or saw pricing",
      steps: [{ event: "signed_up" }, { event: "$pageview", url: "/pricing", url_matching: "contains" }],
    });
  });

  const post = (path: string, body: Record<string, unknown>) =>
    user.session.post(`/api/projects/${user.projectId}/insights/${path}/`, { date_from: FROM, date_to: TO, ...body });

  test("a trend of an action is the trend of what its steps match, named after it, with its persons", async () => {
    const byAction = await post("trend", { actions: [{ id: signupOrPricing, type: "actions", order: 0, math: "total" }] });
    expect(byAction.status, byAction.text).toBe(200);
    const parts = await post("trend", {
      events: [
        { id: "signed_up", order: 0 },
        { id: "$pageview", order: 1, properties: [{ key: "$current_url", value: "/pricing", operator: "icontains", type: "event" }] },
      ],
    });
    const [item] = byAction.body.result;
    const expected = parts.body.result[0].data.map((v: number, i: number) => v + parts.body.result[1].data[i]);
    expect(item.data).toEqual(expected);
    expect(item.count).toBeGreaterThan(0);
    expect(item.label).toBe("Signed up or saw pricing");
    expect(item.action).toMatchObject({ id: signupOrPricing, type: "actions", name: "Signed up or saw pricing" });
    expect(item.filter.actions).toHaveLength(1);

    // Events and actions are one list of series, in `order`.
    const mixed = await post("trend", {
      events: [{ id: "refund", order: 1, math: "dau" }],
      actions: [{ id: purchase, type: "actions", order: 0, math: "dau" }],
    });
    const purchases = await post("trend", { events: [{ id: "purchase", math: "dau" }] });
    expect(mixed.body.result.map((r: any) => r.label)).toEqual(["Purchased", "refund"]);
    expect(mixed.body.result[0].data).toEqual(purchases.body.result[0].data);

    const i = item.data.findIndex((v: number) => v > 0);
    const url = mixed.body.result[0].persons_urls[i].url as string;
    expect(new URL(`/${url}`, baseUrl).searchParams.get("entity_type")).toBe("actions");
    const people = await user.session.get(`/${url}`);
    expect(people.status, people.text).toBe(200);
    expect(people.body.results[0].people.length).toBe(mixed.body.result[0].data[i]);
  });

  test("a funnel with an action step or exclusion equals the one with the action's event", async () => {
    const withAction = await post("funnel", {
      events: [{ id: "$pageview", type: "events", order: 0 }],
      actions: [{ id: purchase, type: "actions", order: 1 }],
      exclusions: [{ id: "refund", type: "events", funnel_from_step: 0, funnel_to_step: 1 }],
    });
    const withEvent = await post("funnel", {
      events: [
        { id: "$pageview", order: 0 },
        { id: "purchase", order: 1 },
      ],
      exclusions: [{ id: "refund", type: "events", funnel_from_step: 0, funnel_to_step: 1 }],
    });
    expect(withAction.status, withAction.text).toBe(200);
    expect(withAction.body.result.map((s: any) => s.count)).toEqual(withEvent.body.result.map((s: any) => s.count));
    expect(withAction.body.result[1]).toMatchObject({ action_id: purchase, type: "actions", name: "Purchased" });
    expect(withAction.body.result[1].count).toBeGreaterThan(0);

    const excludedByAction = await post("funnel", {
      events: [
        { id: "$pageview", order: 0 },
        { id: "refund", order: 1 },
      ],
      exclusions: [{ id: purchase, type: "actions", funnel_from_step: 0, funnel_to_step: 1 }],
    });
    const excludedByEvent = await post("funnel", {
      events: [
        { id: "$pageview", order: 0 },
        { id: "refund", order: 1 },
      ],
      exclusions: [{ id: "purchase", type: "events", funnel_from_step: 0, funnel_to_step: 1 }],
    });
    expect(excludedByAction.status, excludedByAction.text).toBe(200);
    expect(excludedByAction.body.result.map((s: any) => s.count)).toEqual(excludedByEvent.body.result.map((s: any) => s.count));
  });

  test("retention with an action as target or returning entity equals it with the action's event", async () => {
    const body = { period: "Day", total_intervals: 7, date_to: "2024-03-08" };
    const byAction = await post("retention", {
      ...body,
      target_entity: { id: purchase, type: "actions" },
      returning_entity: { id: purchase, type: "actions" },
    });
    const byEvent = await post("retention", {
      ...body,
      target_entity: { id: "purchase", type: "events" },
      returning_entity: { id: "purchase", type: "events" },
    });
    expect(byAction.status, byAction.text).toBe(200);
    const counts = (r: any) => r.body.result.map((c: any) => c.values.map((v: any) => v.count));
    expect(counts(byAction)).toEqual(counts(byEvent));
    expect(
      counts(byAction)
        .flat()
        .some((n: number) => n > 0),
    ).toBe(true);
  });

  test("an unknown, deleted or other project's action is PostHog's 400", async () => {
    const other = await signUp(baseUrl);
    const foreign = await other.session.post(`/api/projects/${other.projectId}/actions/`, { name: "Theirs", steps: [{ event: "x" }] });
    expect(foreign.status).toBe(201);
    const gone = await user.session.post(`/api/projects/${user.projectId}/actions/`, { name: "Gone", steps: [{ event: "purchase" }] });
    await user.session.patch(`/api/projects/${user.projectId}/actions/${gone.body.id}/`, { deleted: true });
    for (const id of [999_999, foreign.body.id, gone.body.id]) {
      for (const [path, body] of [
        ["trend", { actions: [{ id, type: "actions" }] }],
        ["funnel", { events: [{ id: "$pageview", order: 0 }], actions: [{ id, type: "actions", order: 1 }] }],
        ["retention", { target_entity: { id, type: "actions" } }],
      ] as const) {
        const response = await post(path, body);
        expect(response.status, `${path} ${id}`).toBe(400);
        expect(response.body).toMatchObject({ type: "validation_error", detail: `Action ID ${id} does not exist!`, attr: "actions" });
      }
    }
  });
});
