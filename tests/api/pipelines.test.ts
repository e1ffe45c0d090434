import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, type TestUser } from "../support/api";
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
    expect(again.body).toEqual({ type: "validation_error", code: "invalid_input", detail: `Plugin from URL "${CATALOG.hubspot}" already installed!`, attr: null });
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

  test("update, global apps across organizations, uninstall, and the activity it leaves", async () => {
    const app = await install(owner, CATALOG.currency, "pipeline_transformations");
    // Transformations have list, create and retrieve only.
    expect((await owner.session.patch(`${at(owner, "pipeline_transformations")}${app.id}/`, { name: "x" })).status).toBe(405);
    expect((await owner.session.delete(`${at(owner, "pipeline_transformations")}${app.id}/`)).status).toBe(405);

    const hubspot = (await owner.session.get(at(owner))).body.results[0];
    const renamed = await owner.session.patch(`${at(owner)}${hubspot.id}/`, { name: "HubSpot contacts", url: "https://ignored" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "HubSpot contacts", url: CATALOG.hubspot });

    const global = await owner.session.patch(`${at(owner)}${hubspot.id}/`, { is_global: true });
    expect(global.body.is_global).toBe(true);
    const other = await signUp(baseUrl);
    const seen = await other.session.get(at(other));
    expect(ids(seen)).toEqual([hubspot.id]);
    expect(seen.body.results[0].organization_name).toBe(`Org ${owner.email}`);
    expect((await other.session.get(`${at(other)}${hubspot.id}/`)).status).toBe(200);
    const managed = denied("This plugin installation is managed by another organization");
    expect((await other.session.patch(`${at(other)}${hubspot.id}/`, { name: "mine" })).body).toEqual(managed);
    expect((await other.session.delete(`${at(other)}${hubspot.id}/`)).body).toEqual(managed);
    // Source and upgrade are the owner's: another organization does not find them.
    expect((await other.session.get(`${at(other)}${hubspot.id}/source/`)).body).toEqual(NOT_FOUND);
    expect((await other.session.post(`${at(other)}${hubspot.id}/upgrade/`)).body).toEqual(NOT_FOUND);

    const refused = await owner.session.delete(`${at(owner)}${hubspot.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("This plugin is marked as global! Make it local before uninstallation");
    await owner.session.patch(`${at(owner)}${hubspot.id}/`, { is_global: false });
    expect(ids(await other.session.get(at(other)))).toEqual([]);
    expect((await owner.session.delete(`${at(owner)}${hubspot.id}/`)).status).toBe(204);
    expect((await owner.session.get(`${at(owner)}${hubspot.id}/`)).status).toBe(404);

    const activity = await owner.session.get(`${at(owner)}activity/?limit=3`);
    expect(activity.status).toBe(200);
    expect(activity.body.results.map((e: { activity: string }) => e.activity)).toEqual(["uninstalled", "updated", "updated"]);
    expect(activity.body.results[0]).toMatchObject({ scope: "Plugin", item_id: String(hubspot.id), user: { email: owner.email }, detail: { name: "HubSpot contacts" } });
    expect(activity.body.results[1].detail.changes).toEqual([{ type: "Plugin", action: "changed", field: "is_global", before: true, after: false }]);
    expect(activity.body.next).toContain("page=2");
    expect(activity.body.total_count).toBeGreaterThanOrEqual(8);
    const installed = await owner.session.get(`${at(owner)}activity/?limit=100`);
    expect(installed.body.results.filter((e: { activity: string }) => e.activity === "installed").length).toBeGreaterThanOrEqual(5);
    // Another organization's activity is its own.
    expect((await other.session.get(`${at(other)}activity/`)).body.total_count).toBe(0);
  });

  test("check_for_updates reads the catalog's tag, upgrade moves tag to it", async () => {
    const bar = (await owner.session.get(at(owner, "pipeline_frontend_apps"))).body.results.find((p: { name: string }) => p.name === "Notification Bar");
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
      config: { customerioSiteId: "site", customerioToken: "sk_live_secret", host: "track.customer.io", sendEventsFromAnonymousUsers: "Send all events" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plugin: customerio.id, enabled: true, team_id: owner.projectId, plugin_info: { id: customerio.id } });
    expect(created.body.config.customerioToken).toBe("**************** POSTHOG SECRET FIELD ****************");
    expect(created.text).not.toContain("sk_live_secret");

    // A secret left out keeps its value: enabling still finds it there.
    const changed = await owner.session.patch(`${configs}${created.body.id}/`, {
      config: { customerioSiteId: "site-2", host: "track-eu.customer.io", sendEventsFromAnonymousUsers: "Send all events" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.config).toMatchObject({ customerioSiteId: "site-2", customerioToken: "**************** POSTHOG SECRET FIELD ****************" });
    const list = await owner.session.get(configs);
    expect(list.body.results.map((c: { id: number }) => c.id)).toContain(created.body.id);
    expect(list.text).not.toContain("sk_live_secret");

    expect((await owner.session.get(`${at(owner)}unused/`)).body).not.toContain(customerio.id);
    const bar = (await owner.session.get(at(owner, "pipeline_frontend_apps"))).body.results.find((p: { name: string }) => p.name === "Notification Bar");
    await owner.session.post(configs, { plugin: bar.id, enabled: true, config: { notification: "Hi", position: "sticky" } });
    const exportsConfigs = await owner.session.get(`${at(owner)}exports_unsubscribe_configs/`);
    expect(exportsConfigs.status).toBe(200);
    expect(exportsConfigs.body.map((c: { plugin: number }) => c.plugin)).toEqual([customerio.id]);

    const activity = await owner.session.get(`${at(owner)}activity/?limit=5`);
    const update = activity.body.results.find((e: { activity: string }) => e.activity === "config_updated");
    expect(update.detail.changes).toContainEqual({ type: "PluginConfig", action: "changed", field: "customerioSiteId", before: "site", after: "site-2" });
    expect(JSON.stringify(activity.body)).not.toContain("sk_live_secret");

    expect((await owner.session.post(configs, { plugin: 99999999 })).body).toMatchObject({ code: "does_not_exist", attr: "plugin" });
    expect((await owner.session.delete(`${configs}${created.body.id}/`)).status).toBe(204);
    expect((await owner.session.get(`${at(owner)}unused/`)).body).toContain(customerio.id);
    const other = await signUp(baseUrl);
    expect((await other.session.get(`/api/projects/${other.projectId}/plugin_configs/${created.body.id}/`)).status).toBe(404);
    expect((await other.session.post(`/api/projects/${other.projectId}/plugin_configs/`, { plugin: customerio.id })).body.attr).toBe("plugin");
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
    for (const action of [`${app.id}/source/`, `${app.id}/check_for_updates/`, "repository/", "unused/", "activity/", "exports_unsubscribe_configs/"])
      expect((await writer.get(`${at(owner)}${action}`)).body, action).toEqual(NO_KEYS);
    expect((await writer.post(`${at(owner)}${app.id}/upgrade/`)).body).toEqual(NO_KEYS);
    expect((await writer.patch(`${at(owner)}${app.id}/update_source/`, { "a.ts": "" })).body).toEqual(NO_KEYS);

    const elsewhere = await owner.session.post("/api/organizations/", { name: "Elsewhere" });
    const scoped = await owner.key(["*"], { scoped_organizations: [elsewhere.body.id] });
    expect((await scoped.get(at(owner))).body).toEqual(denied(`API key does not have access to the requested organization: ID ${owner.organizationId}.`));
    expect((await scoped.post(at(owner), { plugin_type: "source" })).status).toBe(403);
    expect((await new ApiClient(baseUrl).get(at(owner))).status).toBe(401);
  });
});

/**
 * The organization's plugins access level is set by the operator's CLI (PostHog keeps it out of the API). On
 * PGlite the CLI needs the server stopped, so these tests run their own server on their own data dir.
 */
// Starting a server takes seconds on an idle machine and minutes on a loaded one: generous timeouts.
describe("pipeline apps: the organization's plugins access level", { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-plugins-"));
  let server: StartedServer | undefined;
  let owner: TestUser;
  let appId: number;
  const restartAt = async (level: number) => {
    await server?.stop();
    const set = await hedgerow(["set-plugins-access-level", "--organization", owner.organizationId, "--level", String(level)], { dataDir });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`plugins access level ${level}`);
    server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
    const login = await new ApiClient(server.baseUrl).post("/api/login/", { email: owner.email, password: owner.password });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("session-token"));
    return new ApiClient(server.baseUrl, { cookie });
  };
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true" } });
    owner = await signUp(server.baseUrl);
    appId = (await install(owner, CATALOG.hubspot)).id;
    const bad = await hedgerow(["set-plugins-access-level", "--organization", owner.organizationId, "--level", "5"], { dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--level: must be one of 0, 3, 6, 9.");
  }, 600_000);

  test("INSTALL (6): installs and changes, but no global apps", async () => {
    const session = await restartAt(6);
    expect((await session.get(`/api/organizations/${owner.organizationId}/`)).body.plugins_access_level).toBe(6);
    expect((await session.post(at(owner), { plugin_type: "source", name: "x" })).status).toBe(201);
    const global = denied("This organization can't manage global plugins!");
    expect((await session.post(at(owner), { plugin_type: "source", is_global: true })).body).toEqual(global);
    expect((await session.patch(`${at(owner)}${appId}/`, { is_global: false })).body).toEqual(global);
    expect((await session.get(`${at(owner)}${appId}/source/`)).status).toBe(200);
  });

  test("CONFIG (3): sees and sets up apps, installs and changes none", async () => {
    const session = await restartAt(3);
    expect((await session.get(at(owner))).status).toBe(200);
    expect((await session.get(`${at(owner)}${appId}/`)).status).toBe(200);
    expect((await session.get(`${at(owner)}repository/`)).status).toBe(200);
    expect((await session.post(at(owner), { plugin_type: "source" })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.patch(`${at(owner)}${appId}/`, { name: "x" })).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.delete(`${at(owner)}${appId}/`)).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.post(`${at(owner)}${appId}/upgrade/`)).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.patch(`${at(owner)}${appId}/update_source/`, {})).body).toEqual(ACCESS_INSUFFICIENT);
    expect((await session.get(`${at(owner)}${appId}/source/`)).body).toEqual(denied("Plugin source editing is not available for the current organization!"));
    expect((await session.get(`${at(owner)}${appId}/check_for_updates/`)).body).toEqual(denied("Plugin installation is not available for the current organization!"));
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
