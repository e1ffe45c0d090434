import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startServer, type StartedServer } from "../support/server";
import { ApiClient, uniqueEmail } from "../support/api";
import { hedgerow, type Run } from "../support/cli";
import { sendBatch } from "../support/events";

const printedKey = (run: Run) => run.stdout.split("\n").find((line) => /^phx_[0-9a-zA-Z]+$/.test(line))!;

async function signIn(baseUrl: string, email: string, password: string): Promise<ApiClient> {
  const login = await new ApiClient(baseUrl).post("/api/login/", { email, password });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session-token"));
  return new ApiClient(baseUrl, { cookie });
}

// The PGlite data dir's tests run the same on either stage's pass: only the PGlite stage runs them.
const onPostgresStage = inject("backend") === "postgres";

describe("the hedgerow CLI", { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-cli-"));
  const lockFile = path.join(dataDir, "pglite", "hedgerow.lock");
  const db = { dataDir };
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("help, unknown commands and missing options", async () => {
    const help = await hedgerow(["help"], db);
    expect(help.code).toBe(0);
    for (const command of ["create-user", "create-organization", "create-api-key", "import", "help"])
      expect(help.stdout).toContain(command);
    const unknown = await hedgerow(["make-coffee"], db);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown command: make-coffee");
    const missing = await hedgerow(["create-organization", "--name", "X"], db);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Missing --owner");
    const bad = await hedgerow(["create-user", "--email", "x@example.com", "--password", "long-enough", "--bogus", "1"], db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Unknown option '--bogus'/);
  });

  test.skipIf(onPostgresStage)(
    "creates a user, their organization and a key on PGlite, which a server on that data dir then serves",
    async () => {
      const email = uniqueEmail("cli");
      const password = "cli-password-123";
      const user = await hedgerow(["create-user", "--email", email, "--password", password, "--first-name", "Operator"], db);
      expect(user.stderr).toBe("");
      expect(user.code).toBe(0);
      expect(user.stdout).toMatch(new RegExp(`^Created user ${email} \\(id \\d+\\)\\.`));

      const again = await hedgerow(["create-user", "--email", email.toUpperCase(), "--password", password], db);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe("Error: --email: There is already an account with this email address.\n");
      const short = await hedgerow(["create-user", "--email", uniqueEmail(), "--password", "short"], db);
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/^Error: --password: .*8 characters/);
      const badEmail = await hedgerow(["create-user", "--email", "not-an-email", "--password", password], db);
      expect(badEmail.stderr).toBe("Error: --email: Enter a valid email address.\n");

      const organization = await hedgerow(["create-organization", "--name", "CLI Org", "--owner", email], db);
      expect(organization.code).toBe(0);
      expect(organization.stdout).toMatch(/Created organization CLI Org \(id [0-9a-f-]{36}, slug cli-org\) owned by/);
      expect(organization.stdout).toMatch(/"Default project" has id \d+ and API token phc_[0-9a-zA-Z]+/);
      const noOwner = await hedgerow(["create-organization", "--name", "Orphan", "--owner", "nobody@example.com"], db);
      expect(noOwner.code).toBe(1);
      expect(noOwner.stderr).toBe("Error: No user with the email nobody@example.com.\n");
      expect((await hedgerow(["create-organization", "--name", " ", "--owner", email], db)).stderr).toBe(
        "Error: --name: This field may not be blank.\n",
      );

      const badScope = await hedgerow(["create-api-key", "--email", email, "--label", "x", "--scopes", "organization:read,bogus"], db);
      expect(badScope.code).toBe(1);
      expect(badScope.stderr).toBe("Error: --scopes: Invalid scope: bogus\n");
      const created = await hedgerow(["create-api-key", "--email", email, "--label", "From CLI", "--scopes", "organization:read"], db);
      expect(created.code).toBe(0);
      const key = printedKey(created);
      expect(key).toMatch(/^phx_[0-9a-zA-Z]{40,48}$/);
      expect(created.stdout).toContain('Created personal API key "From CLI"');

      expect(existsSync(lockFile)).toBe(false);
      server = await startServer({ backend: "pglite", dataDir });
      const session = await signIn(server.baseUrl, email, password);
      const me = await session.get("/api/users/@me/");
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email,
        first_name: "Operator",
        organization: { name: "CLI Org", slug: "cli-org", membership_level: 15 },
      });
      expect(me.body.team.name).toBe("Default project");

      const api = new ApiClient(server.baseUrl, { key });
      const organizations = await api.get("/api/organizations/");
      expect(organizations.status).toBe(200);
      expect(organizations.body.results.map((o: { name: string }) => o.name)).toEqual(["CLI Org"]);
      expect((await api.post("/api/organizations/", { name: "Needs write" })).status).toBe(403);
      const keys = await session.get("/api/personal_api_keys/");
      expect(keys.body).toEqual([expect.objectContaining({ label: "From CLI", value: null, scopes: ["organization:read"] })]);
      expect(keys.text).not.toContain(key);
    },
  );

  test.skipIf(onPostgresStage)("refuses the data dir while a server holds it, and takes it back once the server is gone", async () => {
    expect(server, "the previous test started a server").toBeDefined();
    const holder = readFileSync(lockFile, "utf8").trim();
    expect(holder).toBe(String(server!.process.pid));
    const refused = await hedgerow(["create-user", "--email", uniqueEmail(), "--password", "long-enough-1"], db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by process ${holder}`);
    const events = path.join(dataDir, "refused.jsonl");
    writeFileSync(events, "");
    const importRefused = await hedgerow(["import", "--project", "1", events], db);
    expect(importRefused.code).toBe(1);
    expect(importRefused.stderr).toContain(`is in use by process ${holder}`);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(holder);

    await server!.stop();
    server = undefined;
    expect(existsSync(lockFile)).toBe(false);
    expect((await hedgerow(["create-user", "--email", uniqueEmail(), "--password", "long-enough-1"], db)).code).toBe(0);
  });

  test.skipIf(onPostgresStage)("a lock left by a process that is gone does not block", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(lockFile, gone.stdout);
    const run = await hedgerow(["create-user", "--email", uniqueEmail(), "--password", "long-enough-1"], db);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  test.skipIf(onPostgresStage)(
    "imports events into a project named by token, reports bad lines with their line, and skips what it imported",
    async () => {
      const email = uniqueEmail("cli-import");
      expect((await hedgerow(["create-user", "--email", email, "--password", "import-password-1"], db)).code).toBe(0);
      const organization = await hedgerow(["create-organization", "--name", "Import Org", "--owner", email], db);
      const [, projectId, token] = /has id (\d+) and API token (phc_\w+)/.exec(organization.stdout)!;
      const dir = path.join(dataDir, "export");
      mkdirSync(dir);
      const line = (n: number, extra: Record<string, unknown> = {}) =>
        JSON.stringify({
          uuid: `0190a4c2-0000-7000-8000-${String(n).padStart(12, "0")}`,
          event: "$pageview",
          distinct_id: `user-${n % 3}`,
          timestamp: `2026-11-0${1 + (n % 5)}T10:00:00Z`,
          properties: { $current_url: "https://example.com/", ...extra },
        });
      writeFileSync(
        path.join(dir, "a.jsonl"),
        [line(1), "{oops", line(2, { $set: { plan: "pro" } }), '{"event":"x"}', "[]", line(3)].join("\n"),
      );
      writeFileSync(path.join(dir, "b.jsonl.gz"), gzipSync([line(4), line(5)].join("\n")));

      const missing = await hedgerow(["import", "--project", token], db);
      expect(missing.stderr).toBe("Error: Missing FILE|DIR. Usage: import --project ID|TOKEN [--max-bad-rows N] FILE|DIR...\n");
      const unknown = await hedgerow(["import", "--project", "phc_nope", dir], db);
      expect(unknown.stderr).toBe("Error: No project with the id or API token phc_nope.\n");

      const run = await hedgerow(["import", "--project", token, "--max-bad-rows", "2", dir], db);
      expect(run.code).toBe(0);
      const file = path.join(dir, "a.jsonl");
      // Not a terminal: plain progress lines, the bad lines above them.
      expect(run.stderr.split("\n").filter((text) => text.includes(file) && text.includes("skipped"))).toEqual([
        `${file}:2: Line is not valid JSON. (skipped)`,
        `${file}:4: All events must have the event field "distinct_id"! (skipped)`,
      ]);
      expect(run.stderr).toMatch(/2\/2 files, .* 5 events \(.*\/s\), 3 bad rows, .*: done/);
      expect(run.stdout).toContain(`Importing into project Default project (id ${projectId})`);
      expect(run.stdout).toMatch(/Imported 5 events from 2 files in .* s \(.* events\/s\)\. 3 bad rows skipped \(the first 2 shown\)\./);

      const again = await hedgerow(["import", "--project", projectId, dir], db);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Imported 0 events from 0 files .* 2 files were imported before and were skipped\./);
    },
  );

  test.skipIf(onPostgresStage)("the import runs the project's transformation apps and anonymize_ips as /batch/ does", async () => {
    const email = uniqueEmail("cli-apps");
    const password = "apps-password-1";
    expect((await hedgerow(["create-user", "--email", email, "--password", password], db)).code).toBe(0);
    const organization = await hedgerow(["create-organization", "--name", "Apps Org", "--owner", email], db);
    const [, projectId, token] = /has id (\d+) and API token (phc_\w+)/.exec(organization.stdout)!;
    const [, organizationId] = /Created organization Apps Org \(id ([0-9a-f-]{36})/.exec(organization.stdout)!;
    // Installing apps needs more than a new organization's default access level.
    expect((await hedgerow(["set-plugins-access-level", "--organization", organizationId, "--level", "9"], db)).code).toBe(0);
    server = await startServer({ backend: "pglite", dataDir });
    let session = await signIn(server.baseUrl, email, password);
    const apps: [string, Record<string, unknown>][] = [
      ["https://github.com/PostHog/bot-filter-plugin", {}],
      ["https://github.com/PostHog/property-filter-plugin", { properties: "email,$set.email" }],
    ];
    for (const [order, [url, config]] of apps.entries()) {
      const installed = await session.post(`/api/organizations/${organizationId}/pipeline_transformations/`, { url });
      expect(installed.status, installed.text).toBe(201);
      const enabled = await session.post(`/api/projects/${projectId}/plugin_configs/`, {
        plugin: installed.body.id,
        enabled: true,
        order,
        config,
      });
      expect(enabled.status, enabled.text).toBe(201);
    }
    expect((await session.patch(`/api/projects/${projectId}/`, { anonymize_ips: true })).status).toBe(200);
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const events = (source: string) => [
      { event: "crawl", distinct_id: `bot-${source}`, timestamp: "2026-11-02T10:00:00Z", properties: { $raw_user_agent: googlebot } },
      {
        event: "visit",
        distinct_id: `human-${source}`,
        timestamp: "2026-11-02T10:01:00Z",
        properties: { source, $ip: "8.8.8.8", email: "a@b.c", $set: { email: "a@b.c", plan: "pro" } },
      },
    ];
    expect((await sendBatch(server.baseUrl, token, events("capture"))).status).toBe(200);
    await server.stop();
    server = undefined;

    const file = path.join(dataDir, "apps.jsonl");
    writeFileSync(
      file,
      events("import")
        .map((event) => JSON.stringify(event))
        .join("\n"),
    );
    const run = await hedgerow(["import", "--project", token, file], db);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Imported 1 events from 1 files .* 1 events were dropped by the project's apps\.$/m);

    server = await startServer({ backend: "pglite", dataDir });
    session = await signIn(server.baseUrl, email, password);
    const stored = async (event: string) => (await session.get(`/api/projects/${projectId}/events/?event=${event}`)).body.results;
    expect(await stored("crawl")).toEqual([]);
    const visits = await stored("visit");
    const bySource = Object.fromEntries(
      visits.map((visit: { properties: Record<string, unknown> }) => [visit.properties.source, visit.properties]),
    );
    expect(bySource.import).toEqual({ ...bySource.capture, source: "import" });
    expect(bySource.import).toEqual({ source: "import", $set: { plan: "pro" } });
    await server.stop();
    server = undefined;
  });

  test.runIf(onPostgresStage)("works on PostgreSQL next to the running server", async () => {
    const database = { url: process.env.TEST_DATABASE_URL! };
    const baseUrl = inject("baseUrl");
    const email = uniqueEmail("cli-pg");
    expect((await hedgerow(["create-user", "--email", email, "--password", "pg-password-1"], database)).code).toBe(0);
    expect((await hedgerow(["create-organization", "--name", "PG Org", "--owner", email], database)).code).toBe(0);
    const created = await hedgerow(["create-api-key", "--email", email, "--label", "pg", "--scopes", "*"], database);
    expect(created.code).toBe(0);
    const session = await signIn(baseUrl, email, "pg-password-1");
    expect((await session.get("/api/users/@me/")).body.organization.name).toBe("PG Org");
    const api = new ApiClient(baseUrl, { key: printedKey(created) });
    expect((await api.get("/api/organizations/")).body.results.map((o: { name: string }) => o.name)).toEqual(["PG Org"]);
  });
});
