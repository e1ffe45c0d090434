import { randomUUID } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";
import { listAllEvents, projectToken, sendEvents, sendRaw } from "../support/events";

// What PostHog's own clients need of Hedgerow (issue 10): posthog-js's remote config, the project settings behind
// it, the `/api/environments/` paths, and the fields PostHog's tools read of projects, insights and events.

const baseUrl = inject("baseUrl");

const notFound = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };

async function remoteConfigOf(token: string) {
  const response = await fetch(new URL(`/array/${token}/config`, baseUrl), { headers: { origin: "https://shop.example" } });
  return { response, body: await response.json() };
}

/** Runs config.js as a browser would, against a window of its own. */
async function scriptConfigOf(token: string) {
  const response = await fetch(new URL(`/array/${token}/config.js`, baseUrl));
  const window: { _POSTHOG_REMOTE_CONFIG?: Record<string, { config: Record<string, unknown>; siteApps: unknown[] }> } = {};
  new Function("window", await response.text())(window);
  return { response, loaded: window._POSTHOG_REMOTE_CONFIG };
}

const patchProject = (user: TestUser, body: Record<string, unknown>) => user.session.patch(`/api/projects/${user.projectId}/`, body);

describe("remote config (/array/<token>/config and config.js)", { timeout: 120_000 }, () => {
  test("answers the project's config as PostHog's, with CORS for any site and 5 minutes of caching", async () => {
    const owner = await signUp(baseUrl);
    const token = projectToken(owner);
    const { response, body } = await remoteConfigOf(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("vary")).toContain("Origin, Referer");
    expect(body).toEqual({
      token,
      hasFeatureFlags: false,
      supportedCompression: ["gzip", "gzip-js"],
      captureDeadClicks: false,
      capturePerformance: { network_timing: true, web_vitals: false, web_vitals_allowed_metrics: null },
      autocapture_opt_out: false,
      autocaptureExceptions: false,
      analytics: { endpoint: "/i/v0/e/" },
      elementsChainAsString: true,
      sessionRecording: false,
      heatmaps: false,
      surveys: false,
      defaultIdentifiedOnly: true,
      siteApps: [],
      errorTracking: { autocaptureExceptions: false, suppressionRules: [] },
    });

    const script = await scriptConfigOf(token);
    expect(script.response.status).toBe(200);
    expect(script.response.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(script.response.headers.get("access-control-allow-origin")).toBe("*");
    expect(script.response.headers.get("cache-control")).toBe("public, max-age=300");
    const { siteApps: _listed, ...config } = body;
    expect(script.loaded).toEqual({ [token]: { config, siteApps: [] } });
  });

  test("follows the project's settings, in /decide's and /flags' config too", async () => {
    const owner = await signUp(baseUrl);
    const token = projectToken(owner);
    const patched = await patchProject(owner, {
      autocapture_opt_out: true,
      heatmaps_opt_in: true,
      capture_dead_clicks: true,
      autocapture_exceptions_opt_in: true,
      capture_performance_opt_in: false,
    });
    expect(patched.status).toBe(200);
    const { body } = await remoteConfigOf(token);
    expect(body).toMatchObject({
      autocapture_opt_out: true,
      heatmaps: true,
      captureDeadClicks: true,
      autocaptureExceptions: true,
      errorTracking: { autocaptureExceptions: true },
      capturePerformance: false,
    });
    expect((await scriptConfigOf(token)).loaded?.[token].config).toMatchObject({ autocapture_opt_out: true, heatmaps: true });
    await patchProject(owner, { autocapture_web_vitals_opt_in: true });
    expect((await remoteConfigOf(token)).body.capturePerformance).toEqual({
      network_timing: false,
      web_vitals: true,
      web_vitals_allowed_metrics: null,
    });

    // /flags caches a token's project for a minute; this token is asked about for the first time.
    const flags = await sendRaw(baseUrl, "/flags/?v=2", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, distinct_id: "someone" }),
    });
    expect(flags.status).toBe(200);
    expect(flags.body).toMatchObject({ autocapture_opt_out: true, heatmaps: true, elementsChainAsString: true, flags: {} });
  });

  test("an unknown token is PostHog's JSON 404, a malformed one a 400; both with CORS", async () => {
    for (const suffix of ["config", "config.js"]) {
      const missing = await sendRaw(baseUrl, `/array/phc_${randomUUID().replaceAll("-", "")}/${suffix}`, { method: "GET" });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(notFound);
      expect(missing.headers.get("access-control-allow-origin")).toBe("*");
      expect(missing.headers.get("cache-control")).toBeNull();
      for (const token of ["phc_bad%20token", "phc_%3Cscript%3E", "a".repeat(201)]) {
        const malformed = await sendRaw(baseUrl, `/array/${token}/${suffix}`, { method: "GET" });
        expect(malformed.status, token).toBe(400);
        expect(malformed.body).toEqual({ type: "validation_error", code: "invalid", detail: "Invalid token", attr: null });
      }
    }
  });
});

describe("the project's SDK settings", { timeout: 120_000 }, () => {
  test("read with PostHog's defaults, changed by PATCH, validated; only admins may change them", async () => {
    const owner = await signUp(baseUrl);
    const project = await owner.session.get(`/api/projects/${owner.projectId}/`);
    expect(project.body).toMatchObject({
      autocapture_opt_out: false,
      autocapture_exceptions_opt_in: false,
      autocapture_web_vitals_opt_in: false,
      capture_performance_opt_in: true,
      capture_console_log_opt_in: true,
      capture_dead_clicks: false,
      heatmaps_opt_in: false,
      access_control: false,
      completed_snippet_onboarding: false,
      has_completed_onboarding_for: null,
      ingested_event: false,
      is_demo: false,
    });
    const patched = await patchProject(owner, {
      capture_console_log_opt_in: false,
      completed_snippet_onboarding: true,
      has_completed_onboarding_for: { product_analytics: true },
    });
    expect(patched.body).toMatchObject({
      capture_console_log_opt_in: false,
      completed_snippet_onboarding: true,
      has_completed_onboarding_for: { product_analytics: true },
    });
    expect((await owner.session.get(`/api/projects/${owner.projectId}/`)).body).toMatchObject(
      Object.fromEntries(Object.entries(patched.body).filter(([key]) => key !== "updated_at")),
    );

    for (const [field, value] of [
      ["autocapture_opt_out", "yes please"],
      ["heatmaps_opt_in", 3],
      ["has_completed_onboarding_for", { product_analytics: "done" }],
      ["has_completed_onboarding_for", Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, true]))],
    ] as const) {
      const refused = await patchProject(owner, { [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.body.attr).toMatch(new RegExp(`^${field}`));
    }

    const member = await joinAs(owner, 1);
    const denied = await member.session.patch(`/api/projects/${owner.projectId}/`, { autocapture_opt_out: true });
    expect(denied.status).toBe(403);
    const reader = await owner.key(["project:read"]);
    expect((await reader.patch(`/api/projects/${owner.projectId}/`, { autocapture_opt_out: true })).status).toBe(403);
    expect((await owner.session.get(`/api/projects/${owner.projectId}/`)).body.autocapture_opt_out).toBe(false);
  });

  test("ingested_event turns true once the project has an event; organizations list the fields too", async () => {
    const owner = await signUp(baseUrl);
    await sendEvents(baseUrl, owner, [{ event: "$pageview", distinct_id: "visitor" }]);
    expect((await owner.session.get(`/api/projects/${owner.projectId}/`)).body.ingested_event).toBe(true);
    const organization = await owner.session.get(`/api/organizations/${owner.organizationId}/`);
    expect(organization.body.teams[0]).toMatchObject({ id: owner.projectId, ingested_event: true, is_demo: false, access_control: false });
    const created = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Second", ingested_event: false, autocapture_opt_out: false });
  });
});

describe("/api/environments/{id}/… answers as /api/projects/{id}/…", { timeout: 120_000 }, () => {
  test("reads, writes and refusals are the same on both paths", async () => {
    const owner = await signUp(baseUrl);
    const environments = `/api/environments/${owner.projectId}`;
    const projects = `/api/projects/${owner.projectId}`;
    const created = await owner.session.post(`${environments}/insights/`, {
      name: "Via environments",
      filters: { insight: "TRENDS", events: [{ id: "$pageview" }] },
    });
    expect(created.status).toBe(201);
    const viaProjects = await owner.session.get(`${projects}/insights/${created.body.id}/`);
    const viaEnvironments = await owner.session.get(`${environments}/insights/${created.body.id}/`);
    expect(viaEnvironments.body).toEqual(viaProjects.body);
    for (const path of ["/", "/dashboards/", "/event_definitions/", "/actions/", "/persons/"]) {
      const [a, b] = await Promise.all([owner.session.get(`${projects}${path}`), owner.session.get(`${environments}${path}`)]);
      expect(b.status, path).toBe(a.status);
      expect({ ...b.body, updated_at: undefined }, path).toEqual({ ...a.body, updated_at: undefined });
    }

    const stranger = await signUp(baseUrl);
    expect((await stranger.session.get(`${environments}/insights/`)).status).toBe(403);
    expect((await owner.session.get(`/api/environments/999999999/insights/`)).status).toBe(404);
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    const elsewhere = await owner.key(["*"], { scoped_teams: [second.body.id] });
    const limited = await elsewhere.get(`${environments}/insights/`);
    expect(limited.status).toBe(403);
    expect(limited.body.detail).toBe(`API key does not have access to the requested project: ID ${owner.projectId}.`);
    const readOnly = await owner.key(["insight:read"]);
    expect((await readOnly.post(`${environments}/insights/`, { name: "Nope" })).status).toBe(403);
  });
});

describe("insight fields PostHog's tools read", { timeout: 120_000 }, () => {
  test("alerts, last_viewed_at from the caller's recorded views, user_access_level by the caller's rights", async () => {
    const owner = await signUp(baseUrl);
    const base = `/api/projects/${owner.projectId}/insights`;
    const created = await owner.session.post(`${base}/`, { name: "Fields", filters: { insight: "TRENDS", events: [{ id: "$pageview" }] } });
    expect(created.body).toMatchObject({ alerts: [], last_viewed_at: null, user_access_level: "editor" });

    expect((await owner.session.post(`${base}/${created.body.id}/viewed/`)).status).toBeLessThan(300);
    const viewed = await owner.session.get(`${base}/${created.body.id}/`);
    expect(Date.parse(viewed.body.last_viewed_at)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await owner.session.get(`${base}/`);
    expect(listed.body.results[0].last_viewed_at).toBe(viewed.body.last_viewed_at);

    // Views are each user's own.
    const member = await joinAs(owner, 1);
    expect((await member.session.get(`${base}/${created.body.id}/`)).body).toMatchObject({
      last_viewed_at: null,
      user_access_level: "editor",
    });
    const reader = await owner.key(["insight:read"]);
    expect((await reader.get(`${base}/${created.body.id}/`)).body.user_access_level).toBe("viewer");
    const writer = await owner.key(["insight:write"]);
    expect((await writer.get(`${base}/${created.body.id}/`)).body.user_access_level).toBe("editor");
  });
});

describe("autocapture elements", { timeout: 120_000 }, () => {
  test("an SDK's $elements list is stored as PostHog's elements_chain and left out of the properties; /events/ parses it", async () => {
    const owner = await signUp(baseUrl);
    await sendEvents(baseUrl, owner, [
      {
        event: "$autocapture",
        distinct_id: "clicker",
        properties: {
          $event_type: "click",
          $elements: [
            { tag_name: "button", $el_text: "Buy", nth_child: 1, nth_of_type: 1, attr__class: "btn primary", attr__id: "buy" },
            { tag_name: "form", nth_child: 2, nth_of_type: 1 },
          ],
        },
      },
      {
        event: "$autocapture",
        distinct_id: "clicker",
        properties: { $elements_chain: 'a.nav:href="/pricing"nth-child="3"nth-of-type="2"text="Pricing"' },
      },
    ]);
    const events = await listAllEvents(owner, { event: "$autocapture" });
    const fromList = events.find((e) => e.elements_chain.startsWith("button"));
    expect(fromList.elements_chain).toBe(
      'button.btn.primary:attr__class="btn primary"attr__id="buy"attr_id="buy"nth-child="1"nth-of-type="1"text="Buy";form:nth-child="2"nth-of-type="1"',
    );
    expect(fromList.properties.$elements).toBeUndefined();
    expect(fromList.properties.$elements_chain).toBeUndefined();
    expect(fromList.elements).toEqual([
      {
        text: "Buy",
        tag_name: "button",
        attr_class: ["btn", "primary"],
        href: null,
        attr_id: "buy",
        nth_child: 1,
        nth_of_type: 1,
        attributes: { attr__class: "btn primary", attr__id: "buy" },
        order: 0,
      },
      { text: null, tag_name: "form", attr_class: null, href: null, attr_id: null, nth_child: 2, nth_of_type: 1, attributes: {}, order: 1 },
    ]);
    const fromChain = events.find((e) => e.elements_chain.startsWith("a.nav"));
    expect(fromChain.elements).toEqual([
      {
        text: "Pricing",
        tag_name: "a",
        attr_class: ["nav"],
        href: "/pricing",
        attr_id: null,
        nth_child: 3,
        nth_of_type: 2,
        attributes: {},
        order: 0,
      },
    ]);
  });
});
