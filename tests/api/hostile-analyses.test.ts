import { beforeAll, describe, expect, inject, test } from "vitest";
import { type ApiClient, signUp, type TestUser } from "../support/api";
import { sendHourlyTraffic } from "../support/events";
import { hostileAnalyses } from "../support/hostile";

const baseUrl = inject("baseUrl");

let owner: TestUser;
/** An ordinary key: it may only read insights, as the attacker's did. */
let reader: ApiClient;

const healthy = async () => (await fetch(new URL("/_health", baseUrl))).status;

beforeAll(async () => {
  owner = await signUp(baseUrl);
  await sendHourlyTraffic(baseUrl, owner);
  reader = await owner.key(["insight:read"]);
});

describe("analyses that would size their work without bound are refused before they run", () => {
  test.each(hostileAnalyses(0).map((attack) => [attack.name, attack] as const))(
    "%s: a 400 naming the limit, and the server still answers",
    async (_, attack) => {
      const path = attack.path.replace("/projects/0/", `/projects/${owner.projectId}/`);
      const started = Date.now();
      const response =
        typeof attack.body === "string"
          ? await reader.request("POST", path, undefined, { raw: attack.body, headers: { "content-type": "application/json" } })
          : attack.body
            ? await reader.post(path, attack.body)
            : await reader.get(path);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: attack.attr });
      expect(response.body.detail).toMatch(/\d/); // the detail names the bound
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await healthy()).toBe(200);
    },
  );

  test("within the bounds the same analyses answer", async () => {
    const insights = `/api/projects/${owner.projectId}/insights`;
    const series = (n: number) => Array.from({ length: n }, (_, i) => ({ id: "$pageview", order: i }));
    expect((await reader.post(`${insights}/trend/`, { events: series(50), date_from: "-14d" })).status).toBe(200);
    expect((await reader.post(`${insights}/trend/`, { events: series(1), breakdown: "$current_url", breakdown_limit: 1_000 })).status).toBe(
      200,
    );
    expect((await reader.post(`${insights}/trend/`, { events: series(2), formula: `${"(".repeat(20)}A+B${")".repeat(20)}` })).status).toBe(
      200,
    );
    expect(
      (await reader.post(`${insights}/funnel/`, { events: series(30), funnel_window_interval: 12, funnel_window_interval_unit: "month" }))
        .status,
    ).toBe(200);
    expect((await reader.get(`${insights}/?limit=1000`)).status).toBe(200);
  });

  test("time to convert clamps bin_count to PostHog's 90 bins", async () => {
    const response = await reader.post(`/api/projects/${owner.projectId}/insights/funnel/`, {
      events: [
        { id: "$pageview", order: 0 },
        { id: "signed_up", order: 1 },
      ],
      funnel_viz_type: "time_to_convert",
      bin_count: 1e7,
      date_from: "-30d",
    });
    expect(response.status).toBe(200);
    expect(response.body.result.bins.length).toBeLessThanOrEqual(91);
  });
});
