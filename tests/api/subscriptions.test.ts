import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser, userBasicOf } from "../support/api";
import { smtpSink, trendInsight } from "../support/alerts";
import { cleanUp, ownServer, serverHome } from "../support/batch-exports";
import { sendEvents, type SentEvent } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";
import type { StartedServer } from "../support/server";

const baseUrl = inject("baseUrl");
const backend = inject("backend") as "pglite" | "postgres";
const subscriptionsPath = (user: TestUser, projectId: number | string = user.projectId) => `/api/projects/${projectId}/subscriptions/`;

afterAll(cleanUp, 120_000);

/** Pageviews per day, 1–4 March 2024: the reference the mailed numbers are compared with. */
const PER_DAY = { "2024-03-01": 2, "2024-03-02": 0, "2024-03-03": 5, "2024-03-04": 1 };
const pageviews = (): SentEvent[] =>
  Object.entries(PER_DAY).flatMap(([day, count]) =>
    Array.from({ length: count }, (_, i) => ({ event: "$pageview", distinct_id: `p${i}`, timestamp: `${day}T12:00:00Z` })),
  );
const LATEST = Object.values(PER_DAY).at(-1)!;
const TOTAL = Object.values(PER_DAY).reduce((a, b) => a + b, 0);

const body = (resource: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  ...resource,
  target_type: "email",
  target_value: "ann@example.com,bob@example.com",
  frequency: "weekly",
  interval: 1,
  byweekday: ["monday"],
  start_date: "2026-01-05T09:00:00Z",
  title: "Weekly pageviews",
  ...overrides,
});

async function create(user: TestUser, payload: Record<string, unknown>) {
  const response = await user.session.post(subscriptionsPath(user), payload);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function dashboardWith(user: TestUser, insightName: string) {
  const dashboard = await user.session.post(`/api/projects/${user.projectId}/dashboards/`, { name: "Traffic" });
  expect(dashboard.status, dashboard.text).toBe(201);
  const insight = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
    name: insightName,
    query: pageviewTrendsQuery(),
    saved: true,
    dashboards: [dashboard.body.id],
  });
  expect(insight.status, insight.text).toBe(201);
  return dashboard.body as { id: number };
}

describe("subscriptions API", () => {
  test("create answers PostHog's shape; retrieve, list by insight or dashboard, environments twin, update, soft delete", async () => {
    const user = await signUp(baseUrl);
    const insight = await trendInsight(user);
    const dashboard = await dashboardWith(user, "On the dashboard");
    const before = Date.now();
    const created = await create(
      user,
      body({ insight: insight.id }, { target_value: " Ann@Example.com , bob@example.com,ann@example.com" }),
    );
    expect(created).toMatchObject({
      insight: insight.id,
      dashboard: null,
      insight_short_id: insight.short_id,
      resource_name: "Pageviews",
      target_type: "email",
      target_value: "ann@example.com,bob@example.com",
      frequency: "weekly",
      interval: 1,
      byweekday: ["monday"],
      bysetpos: null,
      count: null,
      start_date: "2026-01-05T09:00:00.000Z",
      until_date: null,
      deleted: false,
      title: "Weekly pageviews",
      summary: "sent every week on Monday",
      created_by: userBasicOf(user),
      last_delivered_at: null,
      last_error: null,
    });
    // The next Monday 09:00 UTC after now.
    const next = new Date(created.next_delivery_date);
    expect(next.getUTCDay()).toBe(1);
    expect(next.toISOString().slice(11)).toBe("09:00:00.000Z");
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(7 * 86_400_000);

    const onDashboard = await create(
      user,
      body({ dashboard: dashboard.id }, { frequency: "monthly", byweekday: ["friday"], bysetpos: -1 }),
    );
    expect(onDashboard).toMatchObject({ dashboard: dashboard.id, insight: null, resource_name: "Traffic" });
    expect(onDashboard.summary).toBe("sent every month on the last Friday");
    expect(new Date(onDashboard.next_delivery_date).getUTCDay()).toBe(5);

    const path = `${subscriptionsPath(user)}${created.id}/`;
    expect((await user.session.get(path)).body).toEqual(created);
    expect((await user.session.get(`/api/environments/${user.projectId}/subscriptions/${created.id}/`)).status).toBe(200);
    const byInsight = await user.session.get(`${subscriptionsPath(user)}?insight=${insight.id}`);
    expect(byInsight.body.results.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const byDashboard = await user.session.get(`${subscriptionsPath(user)}?dashboard=${dashboard.id}`);
    expect(byDashboard.body.results.map((s: { id: number }) => s.id)).toEqual([onDashboard.id]);
    expect((await user.session.get(subscriptionsPath(user))).body.count).toBe(2);

    // A new schedule gets its own next date; other fields leave it.
    const daily = await user.session.patch(path, { frequency: "daily", interval: 2, until_date: "2099-01-01T00:00:00Z" });
    expect(daily.status, daily.text).toBe(200);
    expect(daily.body).toMatchObject({ frequency: "daily", interval: 2, summary: "sent every 2 days" });
    const retitled = await user.session.patch(path, { title: "Renamed" });
    expect(retitled.body).toMatchObject({ title: "Renamed", next_delivery_date: daily.body.next_delivery_date });
    expect((await user.session.put(path, { target_value: "carol@example.com" })).body.target_value).toBe("carol@example.com");

    // Soft delete: gone from the list (unless asked for), still retrievable; DELETE is PostHog's 405.
    expect((await user.session.delete(path)).status).toBe(405);
    expect((await user.session.patch(path, { deleted: true })).body.deleted).toBe(true);
    expect((await user.session.get(`${subscriptionsPath(user)}?insight=${insight.id}`)).body.results).toEqual([]);
    expect((await user.session.get(`${subscriptionsPath(user)}?deleted=true`)).body.results.map((s: { id: number }) => s.id)).toEqual([
      created.id,
    ]);
    expect((await user.session.get(path)).body.deleted).toBe(true);
    // Sending a deleted one now: there is nothing to send.
    expect((await user.session.post(`${path}test-delivery/`, {})).status).toBe(404);
  });

  test("bad input answers PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const insight = await trendInsight(user);
    const dashboard = await dashboardWith(user, "Tile");
    const on = { insight: insight.id };
    const cases: [Record<string, unknown>, string | null, string][] = [
      [body({}), null, "Either dashboard or insight is required for an export."],
      [body({ insight: insight.id, dashboard: dashboard.id }), null, "A subscription sends either an insight or a dashboard, not both."],
      [
        body(on, { target_type: "slack" }),
        "target_type",
        'Hedgerow delivers subscriptions by e-mail only: "slack" is not available. Use "email".',
      ],
      [
        body(on, { target_type: "webhook" }),
        "target_type",
        'Hedgerow delivers subscriptions by e-mail only: "webhook" is not available. Use "email".',
      ],
      [body(on, { target_value: " , " }), "target_value", "Enter at least one e-mail address."],
      [body(on, { target_value: "ann@example.com,not-an-address" }), "target_value", '"not-an-address" is not a valid e-mail address.'],
      [
        body(on, { target_value: Array.from({ length: 51 }, (_, i) => `p${i}@example.com`).join(",") }),
        "target_value",
        "A subscription is sent to at most 50 addresses.",
      ],
      [body(on, { start_date: "1999-12-31T00:00:00Z" }), "start_date", "The start date must be in 2000 or later."],
      [body(on, { until_date: "2025-01-01T00:00:00Z" }), "until_date", "The end date must not be before the start date."],
      [body(on, { frequency: undefined }), "frequency", "This field is required."],
      [body(on, { start_date: undefined }), "start_date", "This field is required."],
    ];
    for (const [payload, attr, detail] of cases) {
      const response = await user.session.post(subscriptionsPath(user), payload);
      expect(response.status, `${JSON.stringify(payload).slice(0, 120)}: ${response.text}`).toBe(400);
      expect(response.body).toEqual({ type: "validation_error", code: expect.any(String), detail, attr });
    }
    // Shapes refused by the schema: the field named.
    for (const [payload, attr] of [
      [body(on, { frequency: "hourly" }), "frequency"],
      [body(on, { interval: 0 }), "interval"],
      [body(on, { interval: 101 }), "interval"],
      [body(on, { byweekday: ["monday", "monday"] }), "byweekday"],
      [body(on, { byweekday: ["someday"] }), "byweekday__0"],
      [body(on, { bysetpos: 5 }), "bysetpos"],
      [body(on, { count: 0 }), "count"],
      [body(on, { start_date: "next week" }), "start_date"],
      [body(on, { title: "x".repeat(101) }), "title"],
    ] as const) {
      const response = await user.session.post(subscriptionsPath(user), payload);
      expect(response.status, response.text).toBe(400);
      expect(response.body.attr).toBe(attr);
    }
    const created = await create(user, body(on));
    const patched = await user.session.patch(`${subscriptionsPath(user)}${created.id}/`, { until_date: "2020-01-01T00:00:00Z" });
    expect(patched.status).toBe(400);
    expect(patched.body.attr).toBe("until_date");
    // A deleted insight cannot be subscribed to.
    await user.session.patch(`/api/projects/${user.projectId}/insights/${insight.id}/`, { deleted: true });
    const gone = await user.session.post(subscriptionsPath(user), body(on));
    expect(gone.body).toMatchObject({ attr: "insight", detail: "This insight does not belong to your team." });
    expect((await user.session.get(`${subscriptionsPath(user)}abc/`)).status).toBe(404);
  });

  test("tenancy: another organization's session and key, another project's insight or dashboard, keys without the scope", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const insight = await trendInsight(owner);
    const dashboard = await dashboardWith(owner, "Owner's tile");
    const subscription = await create(owner, body({ insight: insight.id }));
    const path = `${subscriptionsPath(owner)}${subscription.id}/`;
    for (const client of [stranger.session, await stranger.key()]) {
      expect((await client.get(path)).status).toBe(403);
      expect((await client.patch(path, { title: "mine" })).status).toBe(403);
      expect((await client.patch(path, { deleted: true })).status).toBe(403);
      expect((await client.post(`${path}test-delivery/`, {})).status).toBe(403);
      expect((await client.get(subscriptionsPath(owner))).status).toBe(403);
      expect((await client.post(subscriptionsPath(owner), body({ insight: insight.id }))).status).toBe(403);
    }
    // Through the stranger's own project: the subscription, the insight and the dashboard are not theirs.
    expect((await stranger.session.get(`${subscriptionsPath(stranger)}${subscription.id}/`)).status).toBe(404);
    expect((await stranger.session.patch(`${subscriptionsPath(stranger)}${subscription.id}/`, { deleted: true })).status).toBe(404);
    const foreignInsight = await stranger.session.post(subscriptionsPath(stranger), body({ insight: insight.id }));
    expect(foreignInsight.body).toMatchObject({ attr: "insight", detail: "This insight does not belong to your team." });
    const foreignDashboard = await stranger.session.post(subscriptionsPath(stranger), body({ dashboard: dashboard.id }));
    expect(foreignDashboard.body).toMatchObject({ attr: "dashboard", detail: "This dashboard does not belong to your team." });
    const own = await create(stranger, body({ insight: (await trendInsight(stranger)).id }));
    const moved = await stranger.session.patch(`${subscriptionsPath(stranger)}${own.id}/`, { dashboard: dashboard.id });
    expect(moved.status).toBe(400);
    expect(moved.body.attr).toBe("dashboard");
    // Another project of the same organization: its insights are not this project's, and a key scoped to it stays out.
    const second = await owner.session.post("/api/projects/", { name: "Second" });
    expect(second.status, second.text).toBe(201);
    const crossProject = await owner.session.post(subscriptionsPath(owner, second.body.id), body({ insight: insight.id }));
    expect(crossProject.status).toBe(400);
    expect(crossProject.body.attr).toBe("insight");
    const scoped = await owner.key(["*"], { scoped_teams: [second.body.id] });
    expect((await scoped.get(path)).status).toBe(403);
    // Scopes: reading needs subscription:read, writing subscription:write.
    const reader = await owner.key(["subscription:read"]);
    expect((await reader.get(path)).status).toBe(200);
    expect((await reader.get(subscriptionsPath(owner))).status).toBe(200);
    expect((await reader.patch(path, { title: "x" })).status).toBe(403);
    expect((await reader.post(subscriptionsPath(owner), body({ insight: insight.id }))).status).toBe(403);
    expect((await reader.post(`${path}test-delivery/`, {})).status).toBe(403);
    const insightsOnly = await owner.key(["insight:write", "dashboard:write"]);
    expect((await insightsOnly.get(subscriptionsPath(owner))).status).toBe(403);
    expect((await insightsOnly.post(subscriptionsPath(owner), body({ insight: insight.id }))).status).toBe(403);
    const writer = await owner.key(["subscription:write"]);
    expect((await writer.patch(path, { title: "By key" })).status).toBe(200);
  });

  test("a project holds at most 200 subscriptions: the next, and restoring a deleted one past it, are a clear 400", async () => {
    const user = await signUp(baseUrl);
    const insight = await trendInsight(user);
    const first = await create(user, body({ insight: insight.id }));
    for (let batch = 0; batch < 199; batch += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, 199 - batch) }, () =>
          create(user, body({ insight: insight.id }, { target_value: "x@example.com" })),
        ),
      );
    const over = await user.session.post(subscriptionsPath(user), body({ insight: insight.id }));
    expect(over.status, over.text).toBe(400);
    expect(over.body).toMatchObject({ type: "validation_error", code: "max_subscriptions", detail: expect.stringContaining("200") });
    // A deleted one frees its place; restoring it when the project is full again is refused.
    expect((await user.session.patch(`${subscriptionsPath(user)}${first.id}/`, { deleted: true })).status).toBe(200);
    await create(user, body({ insight: insight.id }));
    const restored = await user.session.patch(`${subscriptionsPath(user)}${first.id}/`, { deleted: false });
    expect(restored.status, restored.text).toBe(400);
    expect(restored.body.code).toBe("max_subscriptions");
    // Created deleted, it takes no place; another project of the same user is not concerned.
    expect((await user.session.post(subscriptionsPath(user), body({ insight: insight.id }, { deleted: true }))).status).toBe(201);
    const other = await signUp(baseUrl);
    await create(other, body({ insight: (await trendInsight(other)).id }));
  }, 180_000);

  test("sending now without SMTP on the instance is a plain 400", async () => {
    const user = await signUp(baseUrl);
    const subscription = await create(user, body({ insight: (await trendInsight(user)).id }));
    const sent = await user.session.post(`${subscriptionsPath(user)}${subscription.id}/test-delivery/`, {});
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: "email_not_configured", detail: "E-mail is not configured on this instance (SMTP_URL)." });
  });
});

/** Polls the subscription until `done` holds (deliveries run in the server's loop), answering it. */
async function subscriptionWhen(server: StartedServer, user: TestUser, id: number, done: (s: any) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await user.session.get(`${subscriptionsPath(user)}${id}/`);
    expect(response.status, response.text).toBe(200);
    if (done(response.body)) return response.body;
    if (Date.now() > deadline) throw new Error(`subscription never got there on ${server.baseUrl}: ${JSON.stringify(response.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("deliveries: servers with an SMTP sink and a fast poll", () => {
  let servers: StartedServer[];
  let user: TestUser;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;

  beforeAll(async () => {
    smtp = await smtpSink((address) => address.endsWith("@refused.test"));
    const home = await serverHome("subscriptions", backend);
    const env = {
      SMTP_URL: smtp.url,
      EMAIL_FROM: "Hedgerow <reports@hedgerow.test>",
      HEDGEROW_SUBSCRIPTION_POLL_MS: "300",
      SITE_URL: "https://hedgerow.test",
    };
    servers = [await ownServer({ ...home, env })];
    // On PostgreSQL a second server process shares the database: each delivery is still sent once. Each process has
    // its own embedded event store, so both are sent the same events.
    if (backend === "postgres")
      servers.push(
        await ownServer({ dataDir: (await serverHome("subscriptions-2", "pglite")).dataDir, databaseUrl: home.databaseUrl, env }),
      );
    user = await signUp(servers[0].baseUrl);
    for (const server of servers) await sendEvents(server.baseUrl, user, pageviews());
  }, 240_000);

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  test("a due insight subscription is mailed once with the trend's numbers and a link, then moves to its next date", async () => {
    const insight = await trendInsight(user);
    const subscription = await create(
      user,
      body({ insight: insight.id }, { frequency: "daily", byweekday: null, start_date: soon(1_500), target_value: "ann@example.com" }),
    );
    const delivered = await subscriptionWhen(servers[0], user, subscription.id, (s) => s.last_delivered_at !== null);
    expect(Date.parse(delivered.next_delivery_date) - Date.parse(subscription.next_delivery_date)).toBe(86_400_000);
    expect(delivered.last_error).toBeNull();
    // Polled every 300 ms by each process, but due only tomorrow: one mail.
    await new Promise((r) => setTimeout(r, 2_000));
    const mails = mailsTo("ann@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toMatch(/^Subject: Weekly pageviews$/m);
    expect(mail.text).toMatch(/^From: Hedgerow <reports@hedgerow\.test>/m);
    expect(mail.text).toContain(`https://hedgerow.test/project/${user.projectId}/insights/${insight.short_id}`);
    expect(mail.text).toContain(`$pageview: latest ${LATEST}, total ${TOTAL}`);
    expect(mail.text).toContain('Insight "Pageviews", sent every day.');
    expect(mail.text).toContain(`<td align="right">${TOTAL}</td>`);
  });

  test("a dashboard subscription lists each tile's insight with its numbers, escaped in HTML", async () => {
    const dashboard = await dashboardWith(user, "Views <b>&</b> visits");
    const subscription = await create(
      user,
      body(
        { dashboard: dashboard.id },
        { title: "Traffic <weekly>", byweekday: null, start_date: soon(1_000), target_value: "dora@example.com" },
      ),
    );
    await subscriptionWhen(servers[0], user, subscription.id, (s) => s.last_delivered_at !== null);
    const [mail] = mailsTo("dora@example.com");
    expect(mail.text).toContain(`https://hedgerow.test/project/${user.projectId}/dashboard/${dashboard.id}`);
    expect(mail.text).toContain("Views <b>&</b> visits");
    expect(mail.text).toContain("<h2>");
    expect(mail.text).toContain("Views &lt;b&gt;&amp;&lt;/b&gt; visits");
    expect(mail.text).toContain("<h1>Traffic &lt;weekly&gt;</h1>");
    expect(mail.text).toContain(`$pageview: latest ${LATEST}, total ${TOTAL}`);
  });

  test("a delivery refused for every recipient is retried at the next polls, 3 times, its error kept; then the next date", async () => {
    const insight = await trendInsight(user);
    const subscription = await create(
      user,
      body({ insight: insight.id }, { frequency: "daily", byweekday: null, start_date: soon(1_000), target_value: "nobody@refused.test" }),
    );
    const failed = await subscriptionWhen(servers[0], user, subscription.id, (s) => s.last_error !== null);
    expect(failed.last_error).toContain("nobody@refused.test");
    expect(failed.last_delivered_at).toBeNull();
    const skipped = await subscriptionWhen(
      servers[0],
      user,
      subscription.id,
      (s) => s.next_delivery_date !== subscription.next_delivery_date,
    );
    expect(Date.parse(skipped.next_delivery_date) - Date.parse(subscription.next_delivery_date)).toBe(86_400_000);
    expect(skipped.last_error).toContain("Mailbox refused");

    // Some reached: not repeated (they would get it twice), the refusal kept.
    const mixed = await create(
      user,
      body({ insight: insight.id }, { byweekday: null, start_date: soon(1_000), target_value: "eve@example.com,other@refused.test" }),
    );
    const partly = await subscriptionWhen(servers[0], user, mixed.id, (s) => s.last_delivered_at !== null);
    expect(partly.last_error).toContain("other@refused.test");
    expect(Date.parse(partly.next_delivery_date) - Date.parse(mixed.next_delivery_date)).toBe(7 * 86_400_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsTo("eve@example.com")).toHaveLength(1);
  });

  test("sending now mails every recipient and leaves the schedule as it was", async () => {
    const insight = await trendInsight(user);
    const subscription = await create(user, body({ insight: insight.id }, { target_value: "fay@example.com" }));
    const sent = await user.session.post(`${subscriptionsPath(user)}${subscription.id}/test-delivery/`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.last_delivered_at).not.toBeNull();
    expect(sent.body.next_delivery_date).toBe(subscription.next_delivery_date);
    expect(mailsTo("fay@example.com")).toHaveLength(1);
    expect(mailsTo("fay@example.com")[0].text).toContain(`total ${TOTAL}`);
  });

  test("sending now is throttled per subscription and per user: 429 throttled with Retry-After, nothing mailed past it", async () => {
    const owner = await signUp(servers[0].baseUrl);
    const insight = await trendInsight(owner);
    const send = (who: TestUser, id: number) => who.session.post(`${subscriptionsPath(owner)}${id}/test-delivery/`, {});
    const a = await create(owner, body({ insight: insight.id }, { target_value: "flood-a@example.com" }));
    for (let i = 0; i < 3; i++) expect((await send(owner, a.id)).status).toBe(200);
    const refused = await send(owner, a.id);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toMatchObject({ type: "throttled_error", code: "throttled", attr: null });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(mailsTo("flood-a@example.com")).toHaveLength(3);

    // Rapid sends racing each other: still three.
    const b = await create(owner, body({ insight: insight.id }, { target_value: "flood-b@example.com" }));
    const raced = await Promise.all(Array.from({ length: 6 }, () => send(owner, b.id)));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(mailsTo("flood-b@example.com")).toHaveLength(3);

    // Another subscription of the same user: the user's own count (ten attempts in the window) is spent.
    const c = await create(owner, body({ insight: insight.id }, { target_value: "flood-c@example.com" }));
    expect((await send(owner, c.id)).status).toBe(429);
    expect(mailsTo("flood-c@example.com")).toHaveLength(0);

    // Another member of the organization: the spent subscription stays closed to them (its recipients are
    // protected whoever asks); their own sends are theirs to count.
    const member = await joinAs(owner, 8);
    expect((await send(member, a.id)).status).toBe(429);
    expect((await send(member, c.id)).status).toBe(200);
    expect(mailsTo("flood-a@example.com")).toHaveLength(3);
    expect(mailsTo("flood-c@example.com")).toHaveLength(1);
    // A personal API key of the owner is the same user.
    expect((await (await owner.key(["subscription:write"])).post(`${subscriptionsPath(owner)}${c.id}/test-delivery/`, {})).status).toBe(
      429,
    );
  });
});
