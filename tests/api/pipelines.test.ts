import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, sessionCookie, signUp, type TestUser } from "../support/api";
import { runsOwnPgliteServers } from "../support/stage";
import { hedgerow } from "../support/cli";
import { startServer, type StartedServer } from "../support/server";

const baseUrl = inject("baseUrl");

const FAMILIES = ["pipeline_destinations", "pipeline_frontend_apps", "pipeline_import_apps", "pipeline_transformations"] as const;
const CATALOG = {
  geoip: "https://github.com/PostHog/posthog-plugin-geoip",
  hubspot: "https://github.com/PostHog/hubspot-plugin",
  notificationBar: "https://github.com/PostHog/notification-bar-app",
  heartbeat: "https://github.com/PostHog/posthog-heartbeat-plugin",
  currency: "https://github.com/PostHog/currency-normalization-plugin",
};
const denied = (detail: string) => ({ type: "authentication_error", code: "permission_denied", detail, attr: null });
const NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
const ACCESS_INSUFFICIENT = denied("Your organization's plugin access level is insufficient.");
const NO_KEYS = denied("This action does not support Personal API Key access");
const GLOBAL_FORBIDDEN = denied("This organization can't manage global plugins!");
const MASK = "**************** POSTHOG SECRET FIELD ****************";

const familyPath = (organizationId: string, family: string) => `/api/organizations/${organizationId}/${family}/`;
const at = (owner: TestUser, family = "pipeline_destinations") => familyPath(owner.organizationId, family);

async function install(owner: TestUser, url: string, family = "pipeline_destinations", client = owner.session) {
  const created = await client.post(familyPath(owner.organizationId, family), { url });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

const ids = (list: { body: { results: { id: number }[] } }) => list.body.results.map((p) => p.id);

describe("pipeline apps: families, catalog and CRUD", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUp(baseUrl);
  });

  test("the catalog ships with Hedgerow, in PostHog's plugins.json shape", async () => {
    const catalog = await owner.session.get(`${at(owner)}repository/`);
    expect(catalog.status).toBe(200);
    expect(catalog.body.length).toBeGreaterThanOrEqual(15);
    expect(catalog.body.find((entry: { url: string }) => entry.url === CATALOG.geoip)).toMatchObject({
      name: "GeoIP",
      verified: true,
      maintainer: "official",
      type: "transformation",
      capabilities: { methods: ["processEvent"] },
    });
  });

  test("installing from the catalog puts each app in the family its capabilities name", async () => {
    const geoip = await install(owner, CATALOG.geoip, "pipeline_transformations");
    expect(geoip).toEqual({
      id: expect.any(Number),
      plugin_type: "repository",
      name: "GeoIP",
      description: expect.stringContaining("IP address"),
      url: CATALOG.geoip,
      icon: expect.stringMatching(/^https:\/\//),
      config_schema: [],
      tag: expect.any(String),
      latest_tag: geoip.tag,
      is_global: false,
      organization_id: owner.organizationId,
      organization_name: `Org ${owner.email}`,
      capabilities: { jobs: [], methods: ["processEvent"], scheduled_tasks: [] },
      metrics: null,
      public_jobs: null,
      hog_function_migration_available: false,
    });
    const hubspot = await install(owner, CATALOG.hubspot);
    const bar = await install(owner, CATALOG.notificationBar, "pipeline_frontend_apps");
    const heartbeat = await install(owner, CATALOG.heartbeat, "pipeline_import_apps");
    const expected: Record<string, number[]> = {
      pipeline_transformations: [geoip.id],
      pipeline_destinations: [hubspot.id],
      pipeline_frontend_apps: [bar.id],
      pipeline_import_apps: [heartbeat.id],
    };
    for (const family of FAMILIES) {
      const list = await owner.session.get(at(owner, family));
      expect(list.status).toBe(200);
      expect(ids(list), family).toEqual(expected[family]);
      expect(list.body.count).toBe(1);
    }
    // An app of another family is not found through this one.
    expect((await owner.session.get(`${at(owner, "pipeline_destinations")}${geoip.id}/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.get(`${at(owner, "pipeline_transformations")}${geoip.id}/`)).body.name).toBe("GeoIP");

    const again = await owner.session.post(at(owner), { url: `${CATALOG.hubspot}?private_token=x` });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: `Plugin from URL "${CATALOG.hubspot}" already installed!`,
      attr: null,
    });
  });

  test("an app written here: the smallest body, plugin.json from its fields, no catalog download", async () => {
    const created = await owner.session.post(at(owner, "pipeline_frontend_apps"), { plugin_type: "source" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plugin_type: "source", name: null, url: null, config_schema: {}, capabilities: {}, tag: null });
    const named = await owner.session.post(at(owner, "pipeline_transformations"), {
      plugin_type: "source",
      name: "Drop bots",
      capabilities: { methods: ["processEvent"] },
      config_schema: [{ key: "pattern", name: "Pattern", type: "string", required: true }],
    });
    expect(named.status).toBe(201);
    const source = await owner.session.get(`${at(owner, "pipeline_frontend_apps")}${created.body.id}/source/`);
    expect(source.status).toBe(200);
    expect(JSON.parse(source.body["plugin.json"])).toEqual({ name: "", config: {} });

    const unknownUrl = await owner.session.post(at(owner), { url: "https://github.com/someone/not-in-catalog" });
    expect(unknownUrl.status).toBe(400);
    expect(unknownUrl.body.attr).toBe("url");
    const customType = await owner.session.post(at(owner), { plugin_type: "custom", name: "x" });
    expect(customType.body).toMatchObject({ code: "invalid_input", attr: "plugin_type" });
  });

  test("bad input is a 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ plugin_type: "source", name: "x".repeat(201) }, "name", "max_length"],
      [{ plugin_type: "plugin" }, "plugin_type", "invalid_choice"],
      [{ plugin_type: "source", capabilities: { methods: "onEvent" } }, "capabilities__methods", "invalid_input"],
      [{ plugin_type: "source", capabilities: { unknown: [] } }, "capabilities", "invalid_input"],
      [{ plugin_type: "source", capabilities: { methods: Array(51).fill("m") } }, "capabilities__methods", "max_length"],
      [{ plugin_type: "source", config_schema: [{ name: "no key" }] }, "config_schema__0__key", "invalid_input"],
      [{ plugin_type: "source", config_schema: Array(101).fill({ type: "markdown" }) }, "config_schema", "max_length|invalid_input"],
      [{ plugin_type: "source", metrics: { big: "x".repeat(70_000) } }, "metrics", "invalid_input"],
      [{ plugin_type: "source", is_global: "yes" }, "is_global", "invalid_input"],
    ];
    for (const [body, attr, code] of cases) {
      const response = await owner.session.post(at(owner), body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body, JSON.stringify(body).slice(0, 80)).toMatchObject({
        type: "validation_error",
        attr,
        code: expect.stringMatching(new RegExp(`^(${code})$`)),
      });
    }
    expect((await owner.session.get(`${at(owner)}abc/`)).status).toBe(404);
    expect((await owner.session.get(`${at(owner)}99999999999/`)).status).toBe(404);
  });

  test("update, no global apps for a sign-up, private apps stay private, uninstall, and the activity it leaves", async () => {
    const app = await install(owner, CATALOG.currency, "pipeline_transformations");
    // Transformations have list, create and retrieve only.
    expect((await owner.session.patch(`${at(owner, "pipeline_transformations")}${app.id}/`, { name: "x" })).status).toBe(405);
    expect((await owner.session.delete(`${at(owner, "pipeline_transformations")}${app.id}/`)).status).toBe(405);

    const hubspot = (await owner.session.get(at(owner))).body.results[0];
    const renamed = await owner.session.patch(`${at(owner)}${hubspot.id}/`, { name: "HubSpot contacts", url: "https://ignored" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "HubSpot contacts", url: CATALOG.hubspot });

    // Sign-ups are not the instance's operator: none may publish an app to every organization.
    expect((await owner.session.patch(`${at(owner)}${hubspot.id}/`, { is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
    const other = await signUp(baseUrl);
    expect(ids(await other.session.get(at(other)))).toEqual([]);
    expect((await other.session.get(`${at(other)}${hubspot.id}/`)).status).toBe(404);
    expect((await other.session.patch(`${at(other)}${hubspot.id}/`, { name: "mine" })).status).toBe(404);
    expect((await owner.session.delete(`${at(owner)}${hubspot.id}/`)).status).toBe(204);
    expect((await owner.session.get(`${at(owner)}${hubspot.id}/`)).status).toBe(404);

    const activity = await owner.session.get(`${at(owner)}activity/?limit=2`);
    expect(activity.status).toBe(200);
    expect(activity.body.results.map((e: { activity: string }) => e.activity)).toEqual(["uninstalled", "updated"]);
    expect(activity.body.results[0]).toMatchObject({
      scope: "Plugin",
      item_id: String(hubspot.id),
      user: { email: owner.email },
      detail: { name: "HubSpot contacts" },
    });
    expect(activity.body.results[1].detail.changes).toContainEqual(expect.objectContaining({ field: "name", after: "HubSpot contacts" }));
    expect(activity.body.next).toContain("page=2");
    expect(activity.body.total_count).toBeGreaterThanOrEqual(8);
    const installed = await owner.session.get(`${at(owner)}activity/?limit=100`);
    expect(installed.body.results.filter((e: { activity: string }) => e.activity === "installed").length).toBeGreaterThanOrEqual(5);
    // Another organization's activity is its own.
    expect((await other.session.get(`${at(other)}activity/`)).body.total_count).toBe(0);
  });

  test("check_for_updates reads the catalog's tag, upgrade moves tag to it", async () => {
    const bar = (await owner.session.get(at(owner, "pipeline_frontend_apps"))).body.results.find(
      (p: { name: string }) => p.name === "Notification Bar",
    );
    const itemPath = `${at(owner, "pipeline_frontend_apps")}${bar.id}/`;
    await owner.session.patch(itemPath, { tag: "0.0.1" });
    const checked = await owner.session.get(`${itemPath}check_for_updates/`);
    expect(checked.status).toBe(200);
    expect(checked.body.plugin).toMatchObject({ id: bar.id, tag: "0.0.1", latest_tag: bar.tag });
    const upgraded = await owner.session.post(`${itemPath}upgrade/`);
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ tag: bar.tag, latest_tag: bar.tag });
    expect((await owner.session.get(itemPath)).body.tag).toBe(bar.tag);
  });

  test("source: read, write, plugin.json validated and applied, files deleted, bounds", async () => {
    const created = await owner.session.post(at(owner), { plugin_type: "source", name: "Webhook", capabilities: { methods: ["onEvent"] } });
    const sourcePath = `${at(owner)}${created.body.id}/source/`;
    const updatePath = `${at(owner)}${created.body.id}/update_source/`;
    const pluginJson = JSON.stringify({ name: "Webhook out", config: [{ key: "url", name: "URL", type: "string", required: true }] });
    const written = await owner.session.patch(updatePath, { "index.ts": "export function onEvent(event) {}", "plugin.json": pluginJson });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ "index.ts": "export function onEvent(event) {}", "plugin.json": pluginJson });
    expect((await owner.session.get(sourcePath)).body).toEqual(written.body);
    const app = (await owner.session.get(`${at(owner)}${created.body.id}/`)).body;
    expect(app.name).toBe("Webhook out");
    expect(app.config_schema).toEqual([{ key: "url", name: "URL", type: "string", required: true }]);

    const invalid: [unknown, RegExp][] = [
      ["{ not json", /^plugin.json is not valid JSON/],
      [JSON.stringify({ config: [] }), /must have a "name"/],
      [JSON.stringify({ name: "x", config: [{ type: "choice", key: "c" }] }), /choices/],
    ];
    for (const [source, detail] of invalid) {
      const refused = await owner.session.patch(updatePath, { "plugin.json": source });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", attr: "plugin.json", detail: expect.stringMatching(detail) });
    }
    // Nothing was written by a refused update.
    expect((await owner.session.get(sourcePath)).body["plugin.json"]).toBe(pluginJson);

    const deleted = await owner.session.patch(updatePath, { "index.ts": null });
    expect(deleted.body).toEqual({ "plugin.json": pluginJson });
    expect((await owner.session.patch(updatePath, { "../etc": "x" })).status).toBe(400);
    const huge = await owner.session.patch(updatePath, { "index.ts": "x".repeat(500_001) });
    expect(huge.body).toMatchObject({ code: "max_length", attr: "index.ts" });
    const manyFiles = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}.ts`, ""]));
    expect((await owner.session.patch(updatePath, manyFiles)).status).toBe(400);
    const tooManyInAll = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.ts`, ""]));
    const overflow = await owner.session.patch(updatePath, tooManyInAll);
    expect(overflow.body).toMatchObject({ code: "max_length", detail: "An app has at most 20 source files." });
  });

  test("set-ups in a project: secrets write-only, required settings, unused/ and exports_unsubscribe_configs/", async () => {
    const customerio = await install(owner, "https://github.com/PostHog/customerio-plugin");
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    expect((await owner.session.get(`${at(owner)}unused/`)).body).toContain(customerio.id);

    const missing = await owner.session.post(configs, { plugin: customerio.id, enabled: true, config: { customerioSiteId: "site" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "required", attr: "config__customerioToken" });
    const created = await owner.session.post(configs, {
      plugin: customerio.id,
      enabled: true,
      config: {
        customerioSiteId: "site",
        customerioToken: "sk_live_secret",
        host: "track.customer.io",
        sendEventsFromAnonymousUsers: "Send all events",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      plugin: customerio.id,
      enabled: true,
      team_id: owner.projectId,
      plugin_info: { id: customerio.id },
    });
    expect(created.body.config.customerioToken).toBe("**************** POSTHOG SECRET FIELD ****************");
    expect(created.text).not.toContain("sk_live_secret");

    // A secret left out keeps its value: enabling still finds it there.
    const changed = await owner.session.patch(`${configs}${created.body.id}/`, {
      config: { customerioSiteId: "site-2", host: "track-eu.customer.io", sendEventsFromAnonymousUsers: "Send all events" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.config).toMatchObject({
      customerioSiteId: "site-2",
      customerioToken: "**************** POSTHOG SECRET FIELD ****************",
    });
    const list = await owner.session.get(configs);
    expect(list.body.results.map((c: { id: number }) => c.id)).toContain(created.body.id);
    expect(list.text).not.toContain("sk_live_secret");

    expect((await owner.session.get(`${at(owner)}unused/`)).body).not.toContain(customerio.id);
    const bar = (await owner.session.get(at(owner, "pipeline_frontend_apps"))).body.results.find(
      (p: { name: string }) => p.name === "Notification Bar",
    );
    await owner.session.post(configs, { plugin: bar.id, enabled: true, config: { notification: "Hi", position: "sticky" } });
    const exportsConfigs = await owner.session.get(`${at(owner)}exports_unsubscribe_configs/`);
    expect(exportsConfigs.status).toBe(200);
    expect(exportsConfigs.body.map((c: { plugin: number }) => c.plugin)).toEqual([customerio.id]);

    const activity = await owner.session.get(`${at(owner)}activity/?limit=5`);
    const update = activity.body.results.find((e: { activity: string }) => e.activity === "config_updated");
    expect(update.detail.changes).toContainEqual({
      type: "PluginConfig",
      action: "changed",
      field: "customerioSiteId",
      before: "site",
      after: "site-2",
    });
    expect(JSON.stringify(activity.body)).not.toContain("sk_live_secret");

    expect((await owner.session.post(configs, { plugin: 99999999 })).body).toMatchObject({ code: "does_not_exist", attr: "plugin" });
    expect((await owner.session.delete(`${configs}${created.body.id}/`)).status).toBe(204);
    expect((await owner.session.get(`${at(owner)}unused/`)).body).toContain(customerio.id);
    const other = await signUp(baseUrl);
    expect((await other.session.get(`/api/projects/${other.projectId}/plugin_configs/${created.body.id}/`)).status).toBe(404);
    expect((await other.session.post(`/api/projects/${other.projectId}/plugin_configs/`, { plugin: customerio.id })).body.attr).toBe(
      "plugin",
    );
  });

  test("pages of a family's list", async () => {
    const first = await owner.session.get(`${at(owner, "pipeline_transformations")}?limit=1`);
    expect(first.body.results).toHaveLength(1);
    expect(first.body.count).toBeGreaterThan(1);
    expect(first.body.next).toMatch(/limit=1&offset=1$/);
  });
});

describe("pipeline apps: who may", () => {
  test("members of any level may (as PostHog); others may not", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const installed = await install(owner, CATALOG.geoip, "pipeline_transformations", member.session);
    expect(installed.organization_id).toBe(owner.organizationId);
    expect((await member.session.get(`${at(owner)}repository/`)).status).toBe(200);
    const stranger = await signUp(baseUrl);
    expect((await stranger.session.get(at(owner))).body).toEqual(denied("You do not have permission to perform this action."));
    expect((await stranger.session.post(at(owner), { plugin_type: "source" })).status).toBe(403);
    expect((await stranger.session.get(`${at(owner, "pipeline_transformations")}${installed.id}/`)).status).toBe(403);
  });

  test("personal API keys: plugin:read and plugin:write on CRUD, none on the actions, and only their organizations", async () => {
    const owner = await signUp(baseUrl);
    const app = await install(owner, CATALOG.hubspot);
    const unscoped = await owner.key(["organization:read"]);
    expect((await unscoped.get(at(owner))).body).toEqual(denied("API key missing required scope 'plugin:read'"));
    const reader = await owner.key(["plugin:read"]);
    expect((await reader.get(at(owner))).status).toBe(200);
    expect((await reader.get(`${at(owner)}${app.id}/`)).status).toBe(200);
    expect((await reader.post(at(owner), { plugin_type: "source" })).body).toEqual(denied("API key missing required scope 'plugin:write'"));
    expect((await reader.patch(`${at(owner)}${app.id}/`, { name: "x" })).status).toBe(403);
    expect((await reader.get(`/api/projects/${owner.projectId}/plugin_configs/`)).status).toBe(200);
    const writer = await owner.key(["plugin:write"]);
    expect((await writer.post(at(owner), { plugin_type: "source" })).status).toBe(201);
    expect((await writer.patch(`${at(owner)}${app.id}/`, { name: "Renamed" })).status).toBe(200);
    for (const action of [
      `${app.id}/source/`,
      `${app.id}/check_for_updates/`,
      "repository/",
      "unused/",
      "activity/",
      "exports_unsubscribe_configs/",
    ])
      expect((await writer.get(`${at(owner)}${action}`)).body, action).toEqual(NO_KEYS);
    expect((await writer.post(`${at(owner)}${app.id}/upgrade/`)).body).toEqual(NO_KEYS);
    expect((await writer.patch(`${at(owner)}${app.id}/update_source/`, { "a.ts": "" })).body).toEqual(NO_KEYS);

    const elsewhere = await owner.session.post("/api/organizations/", { name: "Elsewhere" });
    const scoped = await owner.key(["*"], { scoped_organizations: [elsewhere.body.id] });
    expect((await scoped.get(at(owner))).body).toEqual(
      denied(`API key does not have access to the requested organization: ID ${owner.organizationId}.`),
    );
    expect((await scoped.post(at(owner), { plugin_type: "source" })).status).toBe(403);
    expect((await new ApiClient(baseUrl).get(at(owner))).status).toBe(401);
  });
});

describe("pipeline apps: an app Hedgerow does not run cannot be switched on", () => {
  const configsOf = (user: TestUser) => `/api/projects/${user.projectId}/plugin_configs/`;
  const NEEDS_INTERNET = /needs (Open Exchange Rates|GitHub's API) on the internet/;
  const STORED_CODE = /never an app's stored code/;

  const refusal = (answer: { status: number; body: { type: string; code: string; attr: string; detail: string } }, detail: RegExp) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "validation_error", code: "not_run", attr: "enabled" });
    expect(answer.body.detail).toMatch(detail);
  };

  test.each([
    ["Currency Normalization", CATALOG.currency, "pipeline_transformations"],
    ["GitHub Release Tracker", "https://github.com/PostHog/github-release-tracking-plugin", "pipeline_import_apps"],
    ["Github Star Sync", "https://github.com/PostHog/github-star-sync-plugin", "pipeline_import_apps"],
  ])("%s needs the internet: refused on, kept off", async (_, url, family) => {
    const owner = await signUp(baseUrl);
    const app = await install(owner, url, family);
    refusal(await owner.session.post(configsOf(owner), { plugin: app.id, enabled: true, config: {} }), NEEDS_INTERNET);
    const kept = await owner.session.post(configsOf(owner), { plugin: app.id, config: {} });
    expect(kept.status, kept.text).toBe(201);
    expect(kept.body.enabled).toBe(false);
    refusal(await owner.session.patch(`${configsOf(owner)}${kept.body.id}/`, { enabled: true }), NEEDS_INTERNET);
    // Through a personal API key as well, and with other changes beside it: nothing is saved.
    const program = await owner.key(["plugin:write"]);
    refusal(await program.patch(`${configsOf(owner)}${kept.body.id}/`, { enabled: true, order: 3 }), NEEDS_INTERNET);
    const read = await owner.session.get(`${configsOf(owner)}${kept.body.id}/`);
    expect(read.body).toMatchObject({ enabled: false, order: 0 });
    expect((await owner.session.get(`${at(owner)}exports_unsubscribe_configs/`)).body).toEqual([]);
  });

  test("an app written here (its own code) is kept but stays off, whatever its capabilities", async () => {
    const owner = await signUp(baseUrl);
    for (const capabilities of [{ methods: ["processEvent"] }, { methods: ["onEvent"] }, { scheduled_tasks: ["runEveryMinute"] }, {}]) {
      const app = await owner.session.post(at(owner), { plugin_type: "source", name: "Mine", capabilities });
      expect(app.status, app.text).toBe(201);
      refusal(await owner.session.post(configsOf(owner), { plugin: app.body.id, enabled: true }), STORED_CODE);
      const kept = await owner.session.post(configsOf(owner), { plugin: app.body.id, enabled: false });
      refusal(await owner.session.patch(`${configsOf(owner)}${kept.body.id}/`, { enabled: true }), STORED_CODE);
      // Its settings still save, and leave it off.
      const saved = await owner.session.patch(`${configsOf(owner)}${kept.body.id}/`, { config: { a: "b" } });
      expect(saved.body).toMatchObject({ enabled: false, config: { a: "b" } });
    }
  });
});

describe("pipeline apps: a setting once secret stays write-only", () => {
  const configsOf = (user: TestUser) => `/api/projects/${user.projectId}/plugin_configs/`;
  const FORM = [
    { key: "host", name: "Host", type: "string" },
    { key: "password", name: "Password", type: "string", secret: true, required: true },
  ];

  /** An app written here with a secret setting, set up (off: Hedgerow never runs stored code) in the owner's project with `secret`. */
  async function appWithSecret(owner: TestUser, secret: string) {
    const app = await owner.session.post(at(owner), {
      plugin_type: "source",
      name: "Warehouse sink",
      config_schema: FORM,
      capabilities: { methods: ["onEvent"] },
    });
    expect(app.status, app.text).toBe(201);
    const config = await owner.session.post(configsOf(owner), {
      plugin: app.body.id,
      enabled: false,
      config: { host: "db.internal", password: secret },
    });
    expect(config.status, config.text).toBe(201);
    return { appPath: `${at(owner)}${app.body.id}/`, configPath: `${configsOf(owner)}${config.body.id}/` };
  }

  /** Everything a caller reads about the set-up, none of which may hold the secret. */
  async function everythingAbout(owner: TestUser, configPath: string, client = owner.session) {
    const answers = await Promise.all([
      client.get(configPath),
      client.get(configsOf(owner)),
      client.get(`${at(owner)}exports_unsubscribe_configs/`),
      client.get(`${at(owner)}activity/?limit=100`),
    ]);
    return answers.map((answer) => answer.text).join("\n");
  }

  const schemaEdits: [string, unknown][] = [
    ["the secret flag dropped", [FORM[0], { ...FORM[1], secret: false }]],
    ["the secret flag left out", [FORM[0], { key: "password", name: "Password", type: "string" }]],
    ["the field renamed", [FORM[0], { key: "password_v2", name: "Password", type: "string" }]],
    ["the field's type changed", [FORM[0], { key: "password", name: "Password", type: "json" }]],
    ["the field turned into a choice", [FORM[0], { key: "password", type: "choice", choices: ["a"] }]],
    ["the form emptied", {}],
  ];

  test.each(schemaEdits)("a member edits the form (%s): the stored secret stays masked", async (_, schema) => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const secret = `pw-${crypto.randomUUID()}`;
    const { appPath, configPath } = await appWithSecret(owner, secret);
    const edited = await member.session.patch(appPath, { config_schema: schema });
    expect(edited.status, edited.text).toBe(200);
    const read = await member.session.get(configPath);
    expect(read.body.config.password).toBe(MASK);
    expect(await everythingAbout(owner, configPath, member.session)).not.toContain(secret);
    // A value written after the edit is a secret too: the field is remembered, not re-read from the form.
    const later = `pw-${crypto.randomUUID()}`;
    const rewritten = await owner.session.patch(configPath, { config: { host: "db.internal", password: later } });
    expect(rewritten.status, rewritten.text).toBe(200);
    expect(rewritten.body.config.password).toBe(MASK);
    expect(await everythingAbout(owner, configPath)).not.toContain(later);
  });

  test("the same through plugin.json (update_source), and a key of the member's", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const secret = `pw-${crypto.randomUUID()}`;
    const { appPath, configPath } = await appWithSecret(owner, secret);
    const pluginJson = JSON.stringify({ name: "Warehouse sink", config: [{ key: "password", name: "Password", type: "string" }] });
    expect((await member.session.patch(`${appPath}update_source/`, { "plugin.json": pluginJson })).status).toBe(200);
    const key = await member.key(["plugin:write", "plugin:read"]);
    expect((await key.patch(appPath, { config_schema: [{ key: "password", type: "string" }] })).status).toBe(200);
    expect(await everythingAbout(owner, configPath, member.session)).not.toContain(secret);
    expect((await key.get(configPath)).body.config.password).toBe(MASK);
    expect((await key.get(configsOf(owner))).text).not.toContain(secret);
  });

  test("through the set-up: null, the mask or leaving it out keep the secret; the activity masks its changes", async () => {
    const owner = await signUp(baseUrl);
    const secret = `pw-${crypto.randomUUID()}`;
    const { appPath, configPath } = await appWithSecret(owner, secret);
    await owner.session.patch(appPath, { config_schema: [FORM[0]] });
    for (const config of [{ password: null }, { password: MASK }, { host: "db-2.internal" }]) {
      const changed = await owner.session.patch(configPath, { config: { host: "db.internal", ...config } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body.config.password).toBe(MASK);
    }
    await owner.session.patch(configPath, { config: { host: "db.internal", password: "another" } });
    const activity = await owner.session.get(`${at(owner)}activity/?limit=100`);
    const passwordChanges = activity.body.results.flatMap((e: { detail: { changes: { field: string }[] | null } }) =>
      (e.detail.changes ?? []).filter((change) => change.field === "password"),
    );
    expect(passwordChanges.length).toBeGreaterThan(0);
    for (const change of passwordChanges) expect(change).toMatchObject({ before: MASK, after: MASK });
    expect(activity.text).not.toContain(secret);
    expect(activity.text).not.toContain("another");
  });

  test("a catalog app's settings form is the catalog's: PATCH and plugin.json are a 400, a plugin_type change does not help", async () => {
    const owner = await signUp(baseUrl);
    const customerio = await install(owner, "https://github.com/PostHog/customerio-plugin");
    const appPath = `${at(owner)}${customerio.id}/`;
    const readOnly = {
      type: "validation_error",
      code: "invalid_input",
      detail: "The settings form of an app from the catalog is the catalog's: it can't be changed.",
    };
    expect((await owner.session.patch(appPath, { config_schema: [] })).body).toEqual({ ...readOnly, attr: "config_schema" });
    const unflagged = customerio.config_schema.map((field: Record<string, unknown>) => ({ ...field, secret: false }));
    expect((await owner.session.patch(appPath, { config_schema: unflagged })).body).toEqual({ ...readOnly, attr: "config_schema" });
    expect((await owner.session.patch(appPath, { plugin_type: "source", config_schema: unflagged })).body).toEqual({
      ...readOnly,
      attr: "config_schema",
    });
    expect((await owner.session.patch(appPath, { plugin_type: "source" })).status).toBe(200);
    expect((await owner.session.patch(appPath, { config_schema: unflagged })).body).toEqual({ ...readOnly, attr: "config_schema" });
    const pluginJson = JSON.stringify({ name: "Customer.io", config: unflagged });
    expect((await owner.session.patch(`${appPath}update_source/`, { "plugin.json": pluginJson })).body).toEqual({
      ...readOnly,
      attr: "plugin.json",
    });
    // The catalog's own form, sent back unchanged, is accepted.
    expect((await owner.session.patch(appPath, { config_schema: customerio.config_schema })).status).toBe(200);
    expect((await owner.session.get(appPath)).body.config_schema).toEqual(customerio.config_schema);
  });

  test("another organization's owner can neither change the form nor reach the set-up", async () => {
    const owner = await signUp(baseUrl);
    const secret = `pw-${crypto.randomUUID()}`;
    const { appPath, configPath } = await appWithSecret(owner, secret);
    const stranger = await signUp(baseUrl);
    const theirs = appPath.replace(owner.organizationId, stranger.organizationId);
    expect((await stranger.session.patch(theirs, { config_schema: [] })).body).toEqual(NOT_FOUND);
    expect((await stranger.session.patch(appPath, { config_schema: [] })).status).toBe(403);
    expect((await stranger.session.get(configPath)).status).toBe(403);
    expect((await stranger.session.get(configPath.replace(`/${owner.projectId}/`, `/${stranger.projectId}/`))).body).toEqual(NOT_FOUND);
    expect(
      (await stranger.session.patch(configPath.replace(`/${owner.projectId}/`, `/${stranger.projectId}/`), { config: {} })).body,
    ).toEqual(NOT_FOUND);
    expect((await owner.session.get(configPath)).body.config.password).toBe(MASK);
  });
});

/**
 * The organization's plugins access level is set by the operator's CLI (PostHog keeps it out of the API). On
 * PGlite the CLI needs the server stopped, so these tests run their own server on their own data dir.
 */
// Starting a server takes seconds on an idle machine and minutes on a loaded one: generous timeouts.
// A PGlite server of its own (the CLI needs its data dir) whatever the stage: run once, on the PGlite stage.
describe.runIf(runsOwnPgliteServers)("pipeline apps: the organization's plugins access level", { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-plugins-"));
  let server: StartedServer | undefined;
  let owner: TestUser;
  let appId: number;
  const signIn = async (user: TestUser) => {
    const login = await new ApiClient(server!.baseUrl).post("/api/login/", { email: user.email, password: user.password });
    return new ApiClient(server!.baseUrl, { cookie: sessionCookie(login) });
  };
  /** Stops the server, runs the CLI on its data dir (PGlite allows one process), starts it again signed in as `user`. */
  const restartAfter = async (cli: string[], user: TestUser) => {
    await server?.stop();
    const run = await hedgerow(cli, { dataDir });
    expect(run.code, run.stderr).toBe(0);
    server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
    return { run, session: await signIn(user) };
  };
  const restartAt = async (level: number) => {
    const { run, session } = await restartAfter(
      ["set-plugins-access-level", "--organization", owner.organizationId, "--level", String(level)],
      owner,
    );
    expect(run.stdout).toContain(`plugins access level ${level}`);
    return session;
  };
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    // No HEDGEROW_PLUGINS_ACCESS_LEVEL: the instance's defaults. The owner is its first user.
    server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
    owner = await signUp(server.baseUrl);
    appId = (await install(owner, CATALOG.hubspot)).id;
    const bad = await hedgerow(["set-plugins-access-level", "--organization", owner.organizationId, "--level", "5"], { dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--level: must be one of 0, 3, 6, 9.");
  }, 600_000);

  test("the first user is the operator: staff, their organization at ROOT; a later sign-up is not, theirs at CONFIG (3)", async () => {
    expect((await owner.session.get("/api/users/@me/")).body.is_staff).toBe(true);
    expect((await owner.session.get(`/api/organizations/${owner.organizationId}/`)).body.plugins_access_level).toBe(9);
    const newcomer = await signUp(server!.baseUrl);
    expect((await newcomer.session.get("/api/users/@me/")).body.is_staff).toBe(false);
    expect((await newcomer.session.get(`/api/organizations/${newcomer.organizationId}/`)).body.plugins_access_level).toBe(3);
    expect((await newcomer.session.post(at(newcomer), { plugin_type: "source", is_global: true })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await newcomer.session.post(at(newcomer), { plugin_type: "source" })).body).toEqual(ACCESS_INSUFFICIENT);
    // A second organization of the newcomer's own gets the same level: creating organizations does not raise it.
    const second = await newcomer.session.post("/api/organizations/", { name: "Second" });
    expect(second.body.plugins_access_level).toBe(3);
  });

  test("only the operator makes an app global: an admin of the same ROOT organization (session or key) may not", async () => {
    const admin = await joinAs(owner, 8);
    const appPath = `${at(owner)}${appId}/`;
    for (const client of [admin.session, await admin.key(["plugin:write"])]) {
      expect((await client.patch(appPath, { is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
      expect((await client.post(at(owner), { plugin_type: "source", is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
      expect((await client.post(at(owner), { url: CATALOG.heartbeat, is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
    }
    expect((await owner.session.get(appPath)).body.is_global).toBe(false);
  });

  test("a global app: every organization sees it, none other changes it; private apps stay private", async () => {
    const newcomer = await signUp(server!.baseUrl);
    const appPath = `${at(owner)}${appId}/`;
    const privateApp = await owner.session.post(at(owner), {
      plugin_type: "source",
      name: "Private",
      capabilities: { methods: ["onEvent"] },
    });
    expect((await owner.session.patch(appPath, { is_global: true })).body.is_global).toBe(true);
    const seen = await newcomer.session.get(at(newcomer));
    expect(ids(seen)).toEqual([appId]);
    expect(seen.body.results[0].organization_name).toBe(`Org ${owner.email}`);
    expect((await newcomer.session.get(`${at(newcomer)}${appId}/`)).status).toBe(200);
    expect((await newcomer.session.get(`${at(newcomer)}${privateApp.body.id}/`)).body).toEqual(NOT_FOUND);
    // CONFIG refuses any change before the app is even looked up.
    expect((await newcomer.session.patch(`${at(newcomer)}${appId}/`, { is_global: false })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await newcomer.session.delete(`${at(newcomer)}${appId}/`)).body).toEqual(ACCESS_INSUFFICIENT);
    const configs = `/api/projects/${newcomer.projectId}/plugin_configs/`;
    expect((await newcomer.session.post(configs, { plugin: privateApp.body.id })).body).toMatchObject({
      code: "does_not_exist",
      attr: "plugin",
    });

    expect((await owner.session.delete(appPath)).body.detail).toBe("This plugin is marked as global! Make it local before uninstallation");
    expect((await owner.session.patch(appPath, { is_global: false })).body.is_global).toBe(false);
    expect(ids(await newcomer.session.get(at(newcomer)))).toEqual([]);
  });

  test("the CLI names another operator (set-staff), and takes it back", async () => {
    const admin = await joinAs(owner, 8);
    const bad = await hedgerow(["set-staff", "--email", admin.email, "--staff", "yes"], { dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--staff: true or false.");
    const granted = await restartAfter(["set-staff", "--email", admin.email, "--staff", "true"], admin);
    expect(granted.run.stdout).toContain(`${admin.email} is now staff.`);
    expect((await granted.session.get("/api/users/@me/")).body.is_staff).toBe(true);
    expect((await granted.session.patch(`${at(owner)}${appId}/`, { is_global: true })).body.is_global).toBe(true);
    expect((await granted.session.patch(`${at(owner)}${appId}/`, { is_global: false })).body.is_global).toBe(false);
    const revoked = await restartAfter(["set-staff", "--email", admin.email, "--staff", "false"], admin);
    expect((await revoked.session.patch(`${at(owner)}${appId}/`, { is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
  });

  test("INSTALL (6): installs and changes, but no global apps (not even for the operator)", async () => {
    const session = await restartAt(6);
    expect((await session.get(`/api/organizations/${owner.organizationId}/`)).body.plugins_access_level).toBe(6);
    expect((await session.post(at(owner), { plugin_type: "source", name: "x" })).status).toBe(201);
    expect((await session.post(at(owner), { plugin_type: "source", is_global: true })).body).toEqual(GLOBAL_FORBIDDEN);
    expect((await session.patch(`${at(owner)}${appId}/`, { is_global: false })).body).toEqual(GLOBAL_FORBIDDEN);
    expect((await session.get(`${at(owner)}${appId}/source/`)).status).toBe(200);
  });

  test("CONFIG (3): sees and sets up apps, installs and changes none", async () => {
    const session = await restartAt(3);
    expect((await session.get(at(owner))).status).toBe(200);
    expect((await session.get(`${at(owner)}${appId}/`)).status).toBe(200);
    expect((await session.get(`${at(owner)}repository/`)).status).toBe(200);
    expect((await session.post(at(owner), { plugin_type: "source" })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.patch(`${at(owner)}${appId}/`, { name: "x" })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.patch(`${at(owner)}${appId}/`, { config_schema: [] })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.delete(`${at(owner)}${appId}/`)).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.post(`${at(owner)}${appId}/upgrade/`)).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.patch(`${at(owner)}${appId}/update_source/`, {})).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.get(`${at(owner)}${appId}/source/`)).body).toEqual(
      denied("Plugin source editing is not available for the current organization!"),
    );
    expect((await session.get(`${at(owner)}${appId}/check_for_updates/`)).body).toEqual(
      denied("Plugin installation is not available for the current organization!"),
    );
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    expect((await session.post(configs, { plugin: appId, config: { hubspotAccessToken: "t" } })).status).toBe(201);
  });

  test("NONE (0): nothing, and set-ups are out of sight", async () => {
    const session = await restartAt(0);
    expect((await session.get(at(owner))).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.get(`${at(owner)}${appId}/`)).body).toEqual(ACCESS_INSUFFICIENT);
    const configs = await session.get(`/api/projects/${owner.projectId}/plugin_configs/`);
    expect(configs.body.count).toBe(0);
  });
});
