import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { type DemoEvent, generateDemoEvents } from "../../scripts/demo/generate";
import { DEMO_EMAIL, demoSettings, planDemo, preloadDemoProcess, readMarker, runDemo, writeMarker } from "../../scripts/demo/seed";
import { sendEvents } from "../../scripts/demo/send";
import { ApiClient, signUp } from "../support/api";
import { runsOwnPgliteServers } from "../support/stage";
import { startServer } from "../support/server";

const baseUrl = inject("baseUrl");

/** Every event of the project, newest first, following `next` pages of 1000. */
async function allEvents(client: ApiClient, projectId: number): Promise<any[]> {
  const events: any[] = [];
  let url: string | null = `/api/projects/${projectId}/events/?limit=1000`;
  while (url) {
    const page: any = await client.get(url);
    expect(page.status).toBe(200);
    events.push(...page.body.results);
    url = page.body.next;
  }
  return events;
}

async function signIn(url: string, email: string, password: string): Promise<ApiClient> {
  const response = await new ApiClient(url).post("/api/login/", { email, password });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session-token"));
  return new ApiClient(url, { cookie });
}

/**
 * The demo's end for a small demo: the last Tuesday, noon UTC. The demo's traffic follows the weekday and the hour
 * (its weights), so which events 3,000 of them hold changes with the day the test runs (ending on a Thursday or a
 * Friday, they hold no purchase); a fixed weekday and hour within the last week keeps them the same and recent.
 */
function lastTuesdayNoon(): number {
  const today = new Date();
  const noon = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  const daysBack = (today.getUTCDay() - 2 + 7) % 7 || (noon > today.getTime() ? 7 : 0);
  return noon - daysBack * 86_400_000;
}

// The first-start tests run servers on PGlite data dirs of their own whatever the stage: only the PGlite stage runs them.

describe("demo data", () => {
  test("a small demo sent through /batch/ arrives whole: events, persons, merged anonymous history", async () => {
    const owner = await signUp(baseUrl);
    const now = lastTuesdayNoon();
    const generated: DemoEvent[] = [...generateDemoEvents({ events: 3_000, seed: 11, now })].flat();
    const sent = await sendEvents(generateDemoEvents({ events: 3_000, seed: 11, now }), {
      host: baseUrl,
      apiKey: owner.user.team.api_token,
      concurrency: 3,
    });
    expect(sent).toMatchObject({ events: 3_000, requests: 6, retries: 0 });

    const stored = await allEvents(owner.session, owner.projectId);
    expect(stored).toHaveLength(3_000);
    expect(new Set(stored.map((e) => e.id))).toEqual(new Set(generated.map((e) => e.uuid)));
    const byUuid = new Map(stored.map((e) => [e.id, e]));
    const purchase = generated.find((e) => e.event === "purchase")!;
    expect(byUuid.get(purchase.uuid)).toMatchObject({
      event: "purchase",
      distinct_id: purchase.distinct_id,
      timestamp: purchase.timestamp,
      properties: expect.objectContaining({ amount: purchase.properties.amount, plan: purchase.properties.plan }),
    });

    // One person per visitor: each $identify folds an anonymous id into the user's person.
    const distinctIds = new Set(generated.map((e) => e.distinct_id));
    const identifies = generated.filter((e) => e.event === "$identify");
    const persons = await owner.session.get(`/api/projects/${owner.projectId}/persons/?limit=1`);
    expect(persons.status).toBe(200);
    expect(persons.body.count).toBe(distinctIds.size - identifies.length);

    const identify = identifies[0];
    const anonymous = identify.properties.$anon_distinct_id as string;
    const found = await owner.session.get(
      `/api/projects/${owner.projectId}/persons/?distinct_id=${encodeURIComponent(identify.distinct_id)}`,
    );
    const [person] = found.body.results;
    expect(person.distinct_ids).toEqual(expect.arrayContaining([identify.distinct_id, anonymous]));
    expect(person.is_identified).toBe(true);
    expect(person.properties).toMatchObject({ email: (identify.properties.$set as any).email });
    // The anonymous browsing before sign-up is now the person's history.
    const history = await owner.session.get(`/api/projects/${owner.projectId}/events/?person_id=${person.uuid}&limit=1000`);
    expect(history.body.results.map((e: any) => e.id).sort()).toEqual(
      generated
        .filter((e) => person.distinct_ids.includes(e.distinct_id))
        .map((e) => e.uuid)
        .sort(),
    );
    expect(history.body.results.some((e: any) => e.distinct_id === anonymous && e.event === "$pageview")).toBe(true);

    // Its taxonomy, recorded by ingestion: every event name, and the properties with their types.
    const definitions = await owner.session.get(`/api/projects/${owner.projectId}/event_definitions/?limit=1000`);
    expect(definitions.body.results.map((d: any) => d.name).sort()).toEqual([...new Set(generated.map((e) => e.event))].sort());
    const purchases = generated.filter((e) => e.event === "purchase" && Date.now() - Date.parse(e.timestamp) < 30 * 86_400_000);
    expect(definitions.body.results.find((d: any) => d.name === "purchase").volume_30_day).toBe(purchases.length);
    const amount = await owner.session.get(`/api/projects/${owner.projectId}/property_definitions/?properties=amount,plan`);
    expect(amount.body.results.map((p: any) => [p.name, p.property_type])).toEqual([
      ["amount", "Numeric"],
      ["plan", "String"],
    ]);
    const emails = await owner.session.get(`/api/projects/${owner.projectId}/property_definitions/?type=person&properties=email`);
    expect(emails.body.results.map((p: any) => p.property_type)).toEqual(["String"]);
  });

  test.runIf(runsOwnPgliteServers)(
    "first start on the embedded stores: the demo is imported before the server starts, once; an interrupted load is finished, not doubled",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-demo-"));
      const settings = { ...demoSettings({ HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: "1500" }), databaseUrl: undefined };
      try {
        expect(await planDemo(settings)).toEqual({ action: "create" });
        const loaded = await preloadDemoProcess(settings, { quiet: true });
        expect(loaded).toMatchObject({ action: "loaded", marker: { status: "done", email: DEMO_EMAIL, events: 1500 } });
        const marker = readMarker(dataDir)!;
        // The files the import read are gone.
        expect(existsSync(path.join(dataDir, "demo-events"))).toBe(false);
        const lines: string[] = [];
        const check = async () => {
          // Sign-up closed, as on a default install: the demo user is the instance's first user.
          const server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "false" } });
          try {
            await runDemo(await planDemo(settings), {
              baseUrl: server.baseUrl,
              siteUrl: "http://localhost:3000",
              settings,
              log: (line) => lines.push(line),
            });
            const demo = await signIn(server.baseUrl, DEMO_EMAIL, marker.password);
            const me = await demo.get("/api/users/@me/");
            expect(me.body.organization.name).toBe("Hedgerow Demo");
            expect(me.body.team.id).toBe(marker.projectId);
            const stored = await allEvents(demo, marker.projectId);
            const generated = [...generateDemoEvents({ events: 1500, seed: marker.seed, now: marker.now })].flat();
            expect(stored.map((e) => e.id).sort()).toEqual(generated.map((e) => e.uuid).sort());
            // Persons built as capture builds them: one per visitor, each $identify folding an anonymous id in.
            const persons = await demo.get(`/api/projects/${marker.projectId}/persons/?limit=1`);
            expect(persons.body.count).toBe(
              new Set(generated.map((e) => e.distinct_id)).size - generated.filter((e) => e.event === "$identify").length,
            );
            // Its taxonomy, recorded once the last file is in.
            const definitions = await demo.get(`/api/projects/${marker.projectId}/event_definitions/?limit=1000`);
            expect(definitions.body.results.map((d: any) => d.name).sort()).toEqual([...new Set(generated.map((e) => e.event))].sort());
          } finally {
            await server.stop();
          }
        };
        await check();
        // The next start only reminds of the login: no password printed.
        expect(lines.join("\n")).toContain(`email:    ${DEMO_EMAIL}`);
        expect(lines.join("\n")).not.toContain(marker.password);

        // A start that died mid-load imports everything again; the same uuids are stored once.
        writeMarker(dataDir, { ...marker, status: "loading" });
        expect(await planDemo(settings)).toMatchObject({ action: "resume" });
        expect(await preloadDemoProcess(settings, { quiet: true })).toMatchObject({ action: "loaded" });
        await check();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  test.runIf(runsOwnPgliteServers)(
    "first start on a ClickHouse server: the demo user, organization and events are sent through capture once the server is up",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-demo-"));
      const settings = { ...demoSettings({ HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: "1500" }), databaseUrl: undefined };
      // Planned before the server starts, as `npm start` does: a new data dir is a new instance.
      const plan = await planDemo(settings);
      expect(plan).toEqual({ action: "create" });
      // Sign-up closed, as on a default install: the demo user is the instance's first user.
      const server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "false" } });
      try {
        const lines: string[] = [];
        await runDemo(plan, { baseUrl: server.baseUrl, siteUrl: "http://localhost:3000", settings, log: (line) => lines.push(line) });
        const marker = JSON.parse(readFileSync(path.join(dataDir, ".demo-seeded"), "utf8"));
        expect(marker).toMatchObject({ status: "done", email: DEMO_EMAIL, events: 1500 });
        const output = lines.join("\n");
        expect(output).toContain("http://localhost:3000/login");
        expect(output).toContain(`email:    ${DEMO_EMAIL}`);
        expect(output).toContain(`password: ${marker.password}`);

        const demo = await signIn(server.baseUrl, DEMO_EMAIL, marker.password);
        const me = await demo.get("/api/users/@me/");
        expect(me.body.organization.name).toBe("Hedgerow Demo");
        expect(me.body.team.id).toBe(marker.projectId);
        expect(await allEvents(demo, marker.projectId)).toHaveLength(1500);

        // The next start only reminds of the login.
        const again = await planDemo(settings);
        expect(again).toMatchObject({ action: "remind" });
        const reminder: string[] = [];
        await runDemo(again, { baseUrl: server.baseUrl, siteUrl: "http://localhost:3000", settings, log: (line) => reminder.push(line) });
        expect(reminder.join("\n")).not.toContain(marker.password);

        // A start that died mid-load resends everything; the same uuids are stored once.
        writeFileSync(path.join(dataDir, ".demo-seeded"), JSON.stringify({ ...marker, status: "loading" }));
        const resume = await planDemo(settings);
        expect(resume).toMatchObject({ action: "resume" });
        await runDemo(resume, { baseUrl: server.baseUrl, siteUrl: "http://localhost:3000", settings, log: () => {} });
        expect(await allEvents(demo, marker.projectId)).toHaveLength(1500);
        expect(JSON.parse(readFileSync(path.join(dataDir, ".demo-seeded"), "utf8")).status).toBe("done");
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
