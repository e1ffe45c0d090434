import { PostHogAgentToolkit } from "@posthog/agent-toolkit/tools";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";

// PostHog's own MCP tool code (`@posthog/agent-toolkit`), pointed at Hedgerow with nothing but a personal API key:
// it finds the key's organization and project itself (`@current`, `users/@me`), then its tools call the API.

const baseUrl = inject("baseUrl");

let owner: TestUser;
let toolkit: PostHogAgentToolkit;

/** Runs one of the toolkit's tools as an agent would, and reads the JSON text it answers. */
async function runTool(name: string, params: Record<string, unknown>) {
  const tools = await toolkit.getTools();
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`the toolkit loaded no ${name} tool`);
  const answer = await tool.handler(toolkit.getContext(), tool.schema.parse(params));
  return JSON.parse((answer as { content: { text: string }[] }).content[0].text);
}

beforeAll(async () => {
  owner = await signUp(baseUrl);
  await sendEvents(
    baseUrl,
    owner,
    ["2024-03-01T10:00:00Z", "2024-03-02T10:00:00Z", "2024-03-02T11:00:00Z"].map((timestamp, i) => ({
      event: "$pageview",
      distinct_id: `visitor-${i}`,
      timestamp,
    })),
  );
  const key = await owner.key(["*"]);
  toolkit = new PostHogAgentToolkit({ posthogApiToken: key.credentials.key!, posthogApiBaseUrl: baseUrl });
}, 60_000);

describe("PostHog's agent toolkit against Hedgerow", { timeout: 60_000 }, () => {
  test("starts from a key alone and loads its insight, query and project tools", async () => {
    const names = (await toolkit.getTools()).map((tool) => tool.name);
    for (const name of [
      "insights-get-all",
      "insight-get",
      "insight-query",
      "query-run",
      "projects-get",
      "event-definitions-list",
      "dashboards-get-all",
    ])
      expect(names).toContain(name);
    expect(await toolkit.getContext().stateManager.getProjectId()).toBe(String(owner.projectId));
  });

  test("query-run computes a trend and a HogQL query", async () => {
    // As an agent writes it: the toolkit's own schema wants each series named.
    const query = pageviewTrendsQuery();
    const trend = await runTool("query-run", {
      query: { ...query, source: { ...query.source, series: [{ ...query.source.series[0], custom_name: "Pageviews" }] } },
    });
    expect(trend[0].data).toEqual([1, 2, 0, 0]);
    const hogql = await runTool("query-run", {
      query: {
        kind: "DataVisualizationNode",
        source: { kind: "HogQLQuery", query: "SELECT count() FROM events WHERE event = '$pageview'" },
      },
    });
    expect(hogql).toEqual([[3]]);
  });

  test("insights-get-all lists a saved insight and insight-query computes it", async () => {
    const saved = await owner.session.post(`/api/projects/${owner.projectId}/insights/`, {
      name: "Pageviews",
      query: pageviewTrendsQuery(),
    });
    expect(saved.status, saved.text).toBe(201);
    const listed = await runTool("insights-get-all", { data: {} });
    expect(listed.map((insight: { id: number }) => insight.id)).toContain(saved.body.id);
    const queried = await runTool("insight-query", { insightId: String(saved.body.id) });
    expect(queried.insight.name).toBe("Pageviews");
    expect(queried.results[0].data).toEqual([1, 2, 0, 0]);
  });
});
