import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser, userBasicOf } from "../support/api";
import { alertWhen, smtpSink, trendInsight, webhookReceiver } from "../support/alerts";
import { cleanUp, ownServer, serverHome } from "../support/batch-exports";
import { sendEvents, type SentEvent } from "../support/events";
import type { StartedServer } from "../support/server";

const baseUrl = inject("baseUrl");
const backend = inject("backend") as "pglite" | "postgres";
const alertsPath = (user: TestUser, projectId: number | string = user.projectId) => `/api/projects/${projectId}/alerts/`;

afterAll(cleanUp, 120_000);

/** Pageviews per day, 1–4 March 2024: the trend's points, and the reference the checks are compared with. */
const PER_DAY = { "2024-03-01": 2, "2024-03-02": 0, "2024-03-03": 5, "2024-03-04": 1 };
const pageviews = (): SentEvent[] =>
  Object.entries(PER_DAY).flatMap(([day, count]) =>
    Array.from({ length: count }, (_, i) => ({ event: "$pageview", distinct_id: `p${i}`, timestamp: `${day}T12:00:00Z` })),
  );
const points = Object.values(PER_DAY);

const alertBody = (insight: number, overrides: Record<string, unknown> = {}) => ({
  insight,
  name: "Too many pageviews",
  threshold: { configuration: { type: "absolute", bounds: { upper: 3 } } },
  condition: { type: "absolute_value" },
  config: { type: "TrendsAlertConfig", series_index: 0 },
  calculation_interval: "hourly",
  ...overrides,
});

async function create(user: TestUser, body: Record<string, unknown>) {
  const response = await user.session.post(alertsPath(user), body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("alerts API", () => {
  test("create answers PostHog's shape; retrieve, list (by insight), environments twin, update and delete", async () => {
    const user = await signUp(baseUrl);
    const insight = await trendInsight(user);
    const alert = await create(user, alertBody(insight.id, { checks: [], state: "Firing", id: "x" }));
    expect(alert).toMatchObject({
      id: expect.any(String),
      created_by: userBasicOf(user),
      insight: { id: insight.id, short_id: insight.short_id, name: "Pageviews" },
      name: "Too many pageviews",
      enabled: true,
      threshold: { configuration: { type: "absolute", bounds: { upper: 3 } } },
      condition: { type: "absolute_value" },
      config: { type: "TrendsAlertConfig", series_index: 0 },
      calculation_interval: "hourly",
      subscribed_users: [userBasicOf(user)],
      webhook_url: null,
    });
    expect(alert.id).not.toBe("x");
    const path = `${alertsPath(user)}${alert.id}/`;
    expect((await user.session.get(`/api/environments/${user.projectId}/alerts/${alert.id}/`)).status).toBe(200);
    const other = await trendInsight(user);
    await create(user, alertBody(other.id, { name: "Other" }));
    const list = await user.session.get(`${alertsPath(user)}?insight=${insight.id}`);
    expect(list.body.results.map((a: { id: string }) => a.id)).toEqual([alert.id]);
    expect((await user.session.get(alertsPath(user))).body.count).toBe(2);

    const updated = await user.session.patch(path, { name: "Renamed", calculation_interval: "weekly", subscribed_users: [] });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: "Renamed", calculation_interval: "weekly", subscribed_users: [], next_check_at: null });
    expect((await user.session.delete(path)).status).toBe(204);
    expect((await user.session.get(path)).status).toBe(404);
    expect((await user.session.delete(path)).status).toBe(404);

    // A deleted insight's alerts are out of the list.
    expect((await user.session.patch(`/api/projects/${user.projectId}/insights/${other.id}/`, { deleted: true })).status).toBe(200);
    expect((await user.session.get(alertsPath(user))).body.count).toBe(0);
  });

  test("bad input answers PostHog's 400s", async () => {
    const user = await signUp(baseUrl);
    const insight = await trendInsight(user);
    const bounds = (b: unknown) => ({ threshold: { configuration: { type: "absolute", bounds: b } } });
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...alertBody(insight.id), threshold: undefined }, "threshold"],
      [{ ...alertBody(insight.id), insight: undefined }, "insight"],
      [alertBody(insight.id, bounds({})), /threshold/],
      [alertBody(insight.id, bounds({ lower: 5, upper: 1 })), /threshold/],
      [alertBody(insight.id, bounds({ upper: 1e300 })), /threshold/],
      [alertBody(insight.id, bounds({ upper: "many" })), /threshold/],
      [alertBody(insight.id, { condition: { type: "sideways" } }), /condition/],
      [alertBody(insight.id, { calculation_interval: "yearly" }), "calculation_interval"],
      [alertBody(insight.id, { config: { type: "TrendsAlertConfig", series_index: -1 } }), /config/],
      [alertBody(insight.id, { config: { type: "TrendsAlertConfig", series_index: 1000 } }), /config/],
      [alertBody(insight.id, { webhook_url: "ftp://example.com/x" }), "webhook_url"],
      [alertBody(insight.id, { webhook_url: `https://example.com/${"a".repeat(3000)}` }), "webhook_url"],
      [alertBody(insight.id, { subscribed_users: Array.from({ length: 51 }, (_, i) => i + 1) }), "subscribed_users"],
      [alertBody(insight.id, { subscribed_users: [2_147_483_647] }), "subscribed_users"],
      [alertBody(insight.id, { threshold: { configuration: { type: "percentage", bounds: { upper: 1 } } } }), "threshold"],
      [alertBody(2_147_483_647), "insight"],
      [alertBody(insight.id, { name: "n".repeat(256) }), "name"],
    ];
    for (const [body, attr] of cases) {
      const response = await user.session.post(alertsPath(user), body);
      expect(response.status, `${JSON.stringify(body).slice(0, 200)}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", code: expect.any(String), detail: expect.any(String) });
      expect(response.body.attr).toMatch(attr);
    }
    // Only trends insights that compute: not a funnel, not an empty insight.
    const funnel = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
      name: "Funnel",
      query: {
        kind: "InsightVizNode",
        source: {
          kind: "FunnelsQuery",
          series: [
            { kind: "EventsNode", event: "a" },
            { kind: "EventsNode", event: "b" },
          ],
        },
      },
    });
    const empty = await user.session.post(`/api/projects/${user.projectId}/insights/`, { name: "Nothing" });
    for (const id of [funnel.body.id, empty.body.id]) {
      const response = await user.session.post(alertsPath(user), alertBody(id));
      expect(response.status, response.text).toBe(400);
      expect(response.body.attr).toBe("insight");
    }
    const alert = await create(user, alertBody(insight.id));
    const patched = await user.session.patch(`${alertsPath(user)}${alert.id}/`, {
      threshold: { configuration: { type: "percentage", bounds: { upper: 1 } } },
    });
    expect(patched.status, patched.text).toBe(400);
    expect((await user.session.get(`${alertsPath(user)}not-a-uuid/`)).status).toBe(404);
  });

  test("tenancy: another organization, its insights and users, and keys without the alert scopes are refused", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const insight = await trendInsight(owner);
    const alert = await create(owner, alertBody(insight.id));
    const path = `${alertsPath(owner)}${alert.id}/`;
    for (const client of [stranger.session, await stranger.key()]) {
      expect((await client.get(path)).status).toBe(403);
      expect((await client.patch(path, { name: "mine" })).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
      expect((await client.get(alertsPath(owner))).status).toBe(403);
      expect((await client.post(alertsPath(owner), alertBody(insight.id))).status).toBe(403);
    }
    // Through the stranger's own project: the alert and the insight are not theirs.
    expect((await stranger.session.get(`${alertsPath(stranger)}${alert.id}/`)).status).toBe(404);
    expect((await stranger.session.delete(`${alertsPath(stranger)}${alert.id}/`)).status).toBe(404);
    const foreign = await stranger.session.post(alertsPath(stranger), alertBody(insight.id));
    expect(foreign.status).toBe(400);
    expect(foreign.body.attr).toBe("insight");
    // Subscribers are members of the organization only.
    const outsider = await owner.session.patch(path, { subscribed_users: [stranger.user.id] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.attr).toBe("subscribed_users");
    const member = await joinAs(owner, 1);
    expect((await owner.session.patch(path, { subscribed_users: [member.user.id] })).body.subscribed_users).toEqual([userBasicOf(member)]);
    // Scopes: reading needs alert:read, writing alert:write.
    const reader = await owner.key(["alert:read"]);
    expect((await reader.get(path)).status).toBe(200);
    expect((await reader.patch(path, { name: "x" })).status).toBe(403);
    expect((await reader.post(alertsPath(owner), alertBody(insight.id))).status).toBe(403);
    expect((await reader.delete(path)).status).toBe(403);
    const insightsOnly = await owner.key(["insight:write"]);
    expect((await insightsOnly.get(alertsPath(owner))).status).toBe(403);
    // A key scoped to another project of the organization does not reach this one.
    const project = await owner.session.post("/api/projects/", { name: "Second" });
    const scoped = await owner.key(["*"], { scoped_teams: [project.body.id] });
    expect((await scoped.get(path)).status).toBe(403);
  });

  test("snoozed_until and skip_weekend: PostHog's fields, their 400s, and another tenant cannot snooze", async () => {
    const owner = await signUp(baseUrl);
    const insight = await trendInsight(owner);
    const alert = await create(owner, alertBody(insight.id, { subscribed_users: [] }));
    expect(alert).toMatchObject({ snoozed_until: null, skip_weekend: false });
    const path = `${alertsPath(owner)}${alert.id}/`;
    const soon = new Date(Date.now() + 3 * 86_400_000);
    for (const bad of ["tomorrow", "2020-01-01T00:00:00Z", "0h", "9999d", "2026-02-31T10:00", "x".repeat(65), 5, true]) {
      const response = await owner.session.patch(path, { snoozed_until: bad });
      expect(response.status, `${String(bad)}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr: "snoozed_until" });
    }
    const notBool = await owner.session.patch(path, { skip_weekend: "yes" });
    expect(notBool.status).toBe(400);
    expect(notBool.body.attr).toBe("skip_weekend");

    // Another organization, its own project's path, a read-only key: none snoozes it.
    const stranger = await signUp(baseUrl);
    for (const client of [stranger.session, await stranger.key()]) {
      expect((await client.patch(path, { snoozed_until: "1d" })).status).toBe(403);
      expect((await client.patch(path, { skip_weekend: true })).status).toBe(403);
    }
    expect((await stranger.session.patch(`${alertsPath(stranger)}${alert.id}/`, { snoozed_until: "1d" })).status).toBe(404);
    expect(
      (await stranger.session.patch(`/api/environments/${stranger.projectId}/alerts/${alert.id}/`, { snoozed_until: null })).status,
    ).toBe(404);
    expect((await (await owner.key(["alert:read"])).patch(path, { snoozed_until: "1d" })).status).toBe(403);
    expect((await owner.session.get(path)).body).toMatchObject({ snoozed_until: null, skip_weekend: false });
    expect((await owner.session.get(path)).body.state).not.toBe("Snoozed");

    // The owner snoozes to a datetime (UTC), un-snoozes, and a null on an alert not snoozed changes nothing.
    const snoozed = await owner.session.patch(path, { snoozed_until: soon.toISOString(), skip_weekend: true });
    expect(snoozed.status, snoozed.text).toBe(200);
    expect(snoozed.body).toMatchObject({ state: "Snoozed", snoozed_until: soon.toISOString(), skip_weekend: true });
    expect(snoozed.body.checks[0]).toMatchObject({ state: "Snoozed", calculated_value: null });
    const woken = await owner.session.patch(path, { snoozed_until: null });
    expect(woken.body).toMatchObject({ state: "Not firing", snoozed_until: null });
    // The snooze and the un-snooze are kept as checks without a value (the loop may add real checks meanwhile).
    const valueless = (a: { checks: { calculated_value: number | null; state: string }[] }) =>
      a.checks.filter((c) => c.calculated_value === null).map((c) => c.state);
    expect(valueless(woken.body)).toEqual(["Not firing", "Snoozed"]);
    const again = await owner.session.patch(path, { snoozed_until: null });
    expect(valueless(again.body)).toEqual(["Not firing", "Snoozed"]);
    // Disabling ends a snooze.
    await owner.session.patch(path, { snoozed_until: "1w" });
    expect((await owner.session.patch(path, { enabled: false })).body).toMatchObject({ state: "Not firing", snoozed_until: null });
  });

  test("bounds: 20 alerts an insight, 100 enabled alerts a project; moving or enabling past them is a 400", async () => {
    const user = await signUp(baseUrl);
    const insights = [];
    for (let i = 0; i < 6; i++) insights.push(await trendInsight(user));
    const fill = (insight: number, n: number, extra: Record<string, unknown> = {}) =>
      Promise.all(Array.from({ length: n }, () => create(user, alertBody(insight, { subscribed_users: [], ...extra }))));
    await fill(insights[0].id, 20);
    const onFull = await user.session.post(alertsPath(user), alertBody(insights[0].id, { enabled: false }));
    expect(onFull.status, onFull.text).toBe(400);
    expect(onFull.body).toMatchObject({ type: "validation_error", code: "max_alerts", attr: "insight" });
    for (const insight of insights.slice(1, 5)) await fill(insight.id, 20);
    const overProject = await user.session.post(alertsPath(user), alertBody(insights[5].id));
    expect(overProject.status, overProject.text).toBe(400);
    expect(overProject.body).toMatchObject({ code: "max_alerts", attr: "alert", detail: expect.stringContaining("100 enabled") });
    // Disabled, it is allowed; enabling it is not, nor moving another to the full insight.
    const [off] = await fill(insights[5].id, 1, { enabled: false });
    const enabled = await user.session.patch(`${alertsPath(user)}${off.id}/`, { enabled: true });
    expect(enabled.status, enabled.text).toBe(400);
    expect(enabled.body.attr).toBe("alert");
    const moved = await user.session.patch(`${alertsPath(user)}${off.id}/`, { insight: insights[0].id });
    expect(moved.status).toBe(400);
    expect(moved.body.attr).toBe("insight");
    // An alert edited in place is not counted against itself; another project is not concerned.
    const [someone] = (await user.session.get(`${alertsPath(user)}?insight=${insights[0].id}&limit=1`)).body.results;
    expect((await user.session.patch(`${alertsPath(user)}${someone.id}/`, { name: "Still fine", enabled: true })).status).toBe(200);
    const other = await signUp(baseUrl);
    await create(other, alertBody((await trendInsight(other)).id));
  }, 120_000);

  test("a webhook to a private address is refused by the destination guard (nothing POSTed)", async () => {
    const user = await signUp(baseUrl);
    await sendEvents(baseUrl, user, pageviews());
    const receiver = await webhookReceiver();
    const insight = await trendInsight(user);
    const alert = await create(user, alertBody(insight.id, { webhook_url: receiver.url, subscribed_users: [] }));
    const checked = await alertWhen(user, alert.id, (a) => a.checks.length > 0);
    expect(checked.state).toBe("Firing");
    expect(checked.checks[0].targets_notified).toEqual({ webhook: "unreachable" });
    expect(receiver.received).toEqual([]);
  });
});

describe("checks: a server with an SMTP sink, loopback webhooks admitted and a fast poll", () => {
  let server: StartedServer;
  let user: TestUser;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    smtp = await smtpSink();
    hook = await webhookReceiver();
    server = await ownServer({
      ...(await serverHome("alerts", backend)),
      env: {
        SMTP_URL: smtp.url,
        EMAIL_FROM: "Hedgerow <alerts@hedgerow.test>",
        HEDGEROW_ALERT_POLL_MS: "300",
        SITE_URL: "https://hedgerow.test",
      },
    });
    user = await signUp(server.baseUrl);
    await sendEvents(server.baseUrl, user, pageviews());
  }, 180_000);

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  test("a new alert is checked at once, fires (e-mail and webhook), is due again an interval later, and resolves", async () => {
    const insight = await trendInsight(user);
    const created = await user.session.post(alertsPath(user), alertBody(insight.id, { webhook_url: hook.url }));
    expect(created.status, created.text).toBe(201);
    const alert = created.body;
    const fired = await alertWhen(user, alert.id, (a) => a.checks.length === 1);
    // The last complete interval (3 March) against the reference counts.
    const value = points.at(-2)!;
    expect(value).toBe(5);
    expect(fired).toMatchObject({ state: "Firing", checks: [{ state: "Firing", calculated_value: value, error_message: null }] });
    expect(fired.checks[0].targets_notified).toEqual({ email: [user.email], webhook: 204 });
    expect(Date.parse(fired.next_check_at) - Date.parse(fired.last_checked_at)).toBe(3_600_000);
    expect(fired.last_notified_at).toBe(fired.last_checked_at);
    const [mail] = mailsTo(user.email);
    expect(mail.text).toContain('Alert "Too many pageviews" is firing');
    expect(mail.text).toContain(`https://hedgerow.test/project/${user.projectId}/insights/${insight.short_id}`);
    expect(mail.text).toMatch(/^From: Hedgerow <alerts@hedgerow\.test>/m);
    expect(hook.received.at(-1)).toMatchObject({
      alert: { id: alert.id, name: "Too many pageviews" },
      insight: { id: insight.id, short_id: insight.short_id },
      state: "Firing",
      calculated_value: value,
    });

    // Polled every 300 ms, but not due for an hour: no second check.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await user.session.get(`${alertsPath(user)}${alert.id}/`)).body.checks).toHaveLength(1);

    // A changed threshold makes it due at once: resolved, and told so.
    const raised = await user.session.patch(`${alertsPath(user)}${alert.id}/`, {
      threshold: { configuration: { type: "absolute", bounds: { upper: 10 } } },
    });
    expect(raised.status, raised.text).toBe(200);
    const resolved = await alertWhen(user, alert.id, (a) => a.checks.length === 2);
    expect(resolved.state).toBe("Not firing");
    expect(resolved.checks[0]).toMatchObject({
      state: "Not firing",
      calculated_value: value,
      targets_notified: { email: [user.email], webhook: 204 },
    });
    expect(mailsTo(user.email).at(-1)!.text).toContain('Alert "Too many pageviews" is resolved');
    expect(hook.received.at(-1)).toMatchObject({ state: "Not firing" });
    expect(mailsTo(user.email)).toHaveLength(2);
  });

  test("relative conditions on the ongoing interval, and a missing series errs", async () => {
    const insight = await trendInsight(user);
    const [before, current] = points.slice(-2);
    const drop = await user.session.post(
      alertsPath(user),
      alertBody(insight.id, {
        name: "Drop",
        condition: { type: "relative_decrease" },
        threshold: { configuration: { type: "percentage", bounds: { upper: 0.5 } } },
        config: { type: "TrendsAlertConfig", series_index: 0, check_ongoing_interval: true },
        subscribed_users: [],
      }),
    );
    expect(drop.status, drop.text).toBe(201);
    const dropped = await alertWhen(user, drop.body.id, (a) => a.checks.length === 1);
    expect(dropped.state).toBe("Firing");
    expect(dropped.checks[0].calculated_value).toBeCloseTo((before - current) / before, 10);
    // Nobody subscribed, no webhook: nothing is sent.
    expect(dropped.checks[0].targets_notified).toEqual({});

    const missing = await user.session.post(
      alertsPath(user),
      alertBody(insight.id, { name: "Missing", config: { type: "TrendsAlertConfig", series_index: 3 }, subscribed_users: [] }),
    );
    const errored = await alertWhen(user, missing.body.id, (a) => a.checks.length === 1);
    expect(errored.state).toBe("Errored");
    expect(errored.checks[0].error_message).toBe("The insight has no series 4.");

    // A disabled alert is not checked.
    const off = await user.session.post(alertsPath(user), alertBody(insight.id, { name: "Off", enabled: false, subscribed_users: [] }));
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await user.session.get(`${alertsPath(user)}${off.body.id}/`)).body).toMatchObject({ checks: [], last_checked_at: null });
  });

  test("a snoozed alert is not checked nor notified until the snooze ends; un-snoozing checks it at once", async () => {
    const insight = await trendInsight(user);
    const created = await user.session.post(alertsPath(user), alertBody(insight.id, { name: "Snoozy", snoozed_until: "1h" }));
    expect(created.status, created.text).toBe(201);
    const alert = created.body;
    expect(alert.state).toBe("Snoozed");
    expect(Math.abs(Date.parse(alert.snoozed_until) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    const mailsBefore = mailsTo(user.email).length;
    // Polled every 300 ms: still only the snooze itself, even after a change of threshold.
    await user.session.patch(`${alertsPath(user)}${alert.id}/`, {
      threshold: { configuration: { type: "absolute", bounds: { upper: 4 } } },
    });
    await new Promise((r) => setTimeout(r, 1_500));
    const waiting = (await user.session.get(`${alertsPath(user)}${alert.id}/`)).body;
    expect(waiting).toMatchObject({ state: "Snoozed", last_checked_at: null });
    expect(waiting.checks.map((c: { state: string }) => c.state)).toEqual(["Snoozed"]);
    expect(mailsTo(user.email)).toHaveLength(mailsBefore);

    // Un-snoozed: checked at once, fires and tells.
    const woken = await user.session.patch(`${alertsPath(user)}${alert.id}/`, { snoozed_until: null });
    expect(woken.body.state).toBe("Not firing");
    const fired = await alertWhen(user, alert.id, (a) =>
      a.checks.some((c: { calculated_value: number | null }) => c.calculated_value !== null),
    );
    expect(fired).toMatchObject({ state: "Firing", snoozed_until: null });
    expect(mailsTo(user.email)).toHaveLength(mailsBefore + 1);

    // A short snooze to a datetime ends by itself: the alert is checked again after it, and the snooze is cleared.
    const until = new Date(Date.now() + 2_000).toISOString();
    const short = await user.session.patch(`${alertsPath(user)}${alert.id}/`, { snoozed_until: until });
    expect(short.body).toMatchObject({ state: "Snoozed", snoozed_until: until });
    const after = await alertWhen(user, alert.id, (a) => a.state !== "Snoozed");
    expect(Date.parse(after.last_checked_at)).toBeGreaterThanOrEqual(Date.parse(until));
    expect(after).toMatchObject({ state: "Firing", snoozed_until: null });
  });

  test("skip_weekend: no check on Saturday or Sunday in the project's timezone, checked on a weekday", async () => {
    // At any instant some of these zones are on a weekday and, often, some on a weekend: each found is tried.
    const zones = ["Pacific/Pago_Pago", "America/New_York", "UTC", "Asia/Tokyo", "Pacific/Kiritimati"];
    const weekday = (tz: string) => new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "short" }).format(new Date());
    const weekendZone = zones.find((tz) => ["Sat", "Sun"].includes(weekday(tz)));
    const weekdayZone = zones.find((tz) => !["Sat", "Sun"].includes(weekday(tz)));
    expect(weekendZone ?? weekdayZone).toBeDefined();
    for (const [tz, weekend] of [
      [weekendZone, true],
      [weekdayZone, false],
    ] as const) {
      if (!tz) continue;
      const owner = await signUp(server.baseUrl);
      expect((await owner.session.patch(`/api/projects/${owner.projectId}/`, { timezone: tz })).status).toBe(200);
      const insight = await trendInsight(owner);
      const created = await owner.session.post(alertsPath(owner), alertBody(insight.id, { skip_weekend: true, subscribed_users: [] }));
      expect(created.status, created.text).toBe(201);
      if (weekend) {
        await new Promise((r) => setTimeout(r, 1_500));
        const skipped = (await owner.session.get(`${alertsPath(owner)}${created.body.id}/`)).body;
        expect(skipped).toMatchObject({ checks: [], last_checked_at: null, skip_weekend: true });
        // Due again at the local Monday's midnight, a day or two ahead.
        const due = Date.parse(skipped.next_check_at) - Date.now();
        expect(due).toBeGreaterThan(0);
        expect(due).toBeLessThanOrEqual(2 * 86_400_000);
        expect(weekday(tz)).not.toBe("Mon");
        expect(
          new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
            new Date(skipped.next_check_at),
          ),
        ).toBe("Mon 00:00");
      } else {
        const checked = await alertWhen(owner, created.body.id, (a) => a.checks.length === 1);
        expect(checked.checks[0].calculated_value).not.toBeNull();
      }
    }
  });

  test("notifications are throttled: an alert flipped by edits tells at most 6 times in the window, then says so", async () => {
    const owner = await signUp(server.baseUrl);
    await sendEvents(server.baseUrl, owner, pageviews());
    const insight = await trendInsight(owner);
    const created = await owner.session.post(alertsPath(owner), alertBody(insight.id, { webhook_url: hook.url, subscribed_users: [] }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const fromThis = () => hook.received.filter((r) => r.alert?.id === id);
    await alertWhen(owner, id, (a) => a.checks.length === 1);
    // Each edit makes it due at once and flips it (5 is above 3, below 10): a notice each time, up to the limit.
    for (let i = 1; i <= 7; i++) {
      const upper = i % 2 === 1 ? 10 : 3;
      const patched = await owner.session.patch(`${alertsPath(owner)}${id}/`, {
        threshold: { configuration: { type: "absolute", bounds: { upper } } },
      });
      expect(patched.status, patched.text).toBe(200);
      await alertWhen(owner, id, (a) => a.checks.length === i + 1);
    }
    const alert = (await owner.session.get(`${alertsPath(owner)}${id}/`)).body;
    const notices = alert.checks.map((c: { targets_notified: Record<string, unknown> }) => c.targets_notified).reverse();
    expect(notices.slice(0, 6)).toEqual(Array.from({ length: 6 }, () => ({ webhook: 204 })));
    expect(notices.slice(6)).toEqual([{ throttled: true }, { throttled: true }]);
    expect(fromThis()).toHaveLength(6);
  });
});
