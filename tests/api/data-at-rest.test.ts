import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { hedgerow } from "../support/cli";
import { startServer, type StartedServer } from "../support/server";

const MASK = "**************** POSTHOG SECRET FIELD ****************";
const ENVELOPE = "hedgerow:enc:v1:";

/** Every file and directory under `dir` (symbolic links left out), with its mode. */
function walk(dir: string): { file: string; mode: number }[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return [];
    const here = { file, mode: stats.mode & 0o777 };
    return stats.isDirectory() ? [here, ...walk(file)] : [here];
  });
}

/** A batch export and an app set-up, each holding `secret` in a secret field. */
async function storeSecrets(owner: TestUser, secret: string) {
  const exported = await owner.session.post(`/api/organizations/${owner.organizationId}/batch_exports/`, {
    name: "Warehouse",
    interval: "hour",
    paused: true,
    destination: { type: "Postgres", config: { user: "hedgerow", password: `pg-${secret}`, host: "warehouse.example.com", database: "w" } },
  });
  expect(exported.status, exported.text).toBe(201);
  const app = await owner.session.post(`/api/organizations/${owner.organizationId}/pipeline_destinations/`, {
    plugin_type: "source",
    name: "Sink",
    config_schema: [{ key: "apiKey", type: "string", secret: true }],
    capabilities: { methods: ["onEvent"] },
  });
  expect(app.status, app.text).toBe(201);
  const config = await owner.session.post(`/api/projects/${owner.projectId}/plugin_configs/`, {
    plugin: app.body.id,
    config: { apiKey: `app-${secret}` },
  });
  expect(config.status, config.text).toBe(201);
  expect(config.body.config.apiKey).toBe(MASK);
  return { exportId: exported.body.id as string, configId: config.body.id as number };
}

// Starting a server takes seconds on an idle machine and minutes on a loaded one: generous timeouts.
// A PGlite data dir of its own whatever the stage: run once, on the PGlite stage.
describe.skipIf(inject("backend") === "postgres")("the data dir: its user's only, and no secret in clear", { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-at-rest-"));
  const secret = `s-${crypto.randomUUID()}`;
  let server: StartedServer | undefined;

  beforeAll(async () => {
    // A data dir as an older Hedgerow (or a loose umask) left it: open to everyone.
    chmodSync(dataDir, 0o777);
    mkdirSync(path.join(dataDir, "old"), { mode: 0o777 });
    writeFileSync(path.join(dataDir, "old", "leftover"), "x");
    chmodSync(path.join(dataDir, "old"), 0o777);
    chmodSync(path.join(dataDir, "old", "leftover"), 0o666);
    server = await startServer({ backend: "pglite", dataDir, env: { ALLOW_SIGNUP: "true", HEDGEROW_PLUGINS_ACCESS_LEVEL: "6" } });
    const owner = await signUp(server.baseUrl);
    await storeSecrets(owner, secret);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("every directory and file has no group or other bits, those from before the start included", () => {
    const entries = [{ file: dataDir, mode: lstatSync(dataDir).mode & 0o777 }, ...walk(dataDir)];
    expect(entries.map((e) => e.file)).toEqual(
      expect.arrayContaining([path.join(dataDir, "pglite"), path.join(dataDir, "encryption-keys")]),
    );
    const open = entries.filter((e) => e.mode & 0o077).map((e) => `${e.file.slice(dataDir.length)} ${e.mode.toString(8)}`);
    expect(open.slice(0, 20), `${open.length} open`).toEqual([]);
  });

  test("once stopped, no file of the data dir holds a secret in clear (the database, its WAL), but envelopes", async () => {
    await server?.stop();
    server = undefined;
    const files = walk(dataDir).filter((e) => lstatSync(e.file).isFile() && !e.file.endsWith("encryption-keys"));
    const holding = (text: string) => files.filter((e) => readFileSync(e.file).includes(text)).map((e) => e.file);
    expect(holding(`pg-${secret}`)).toEqual([]);
    expect(holding(`app-${secret}`)).toEqual([]);
    expect(holding(ENVELOPE).length).toBeGreaterThan(0);
  });

  test("rotate-encryption-key adds a key on top and seals the stored secrets with it", async () => {
    const keyFile = path.join(dataDir, "encryption-keys");
    const [oldKey] = readFileSync(keyFile, "utf8").trim().split("\n");
    const rotated = await hedgerow(["rotate-encryption-key"], { dataDir });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/sealed again the secrets of 1 batch exports and 1 app set-ups/);
    const keys = readFileSync(keyFile, "utf8").trim().split("\n");
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(oldKey);
    expect(lstatSync(keyFile).mode & 0o077).toBe(0);
    const again = await hedgerow(["rotate-encryption-key"], { dataDir });
    expect(again.stdout).toMatch(/1 batch exports and 1 app set-ups/);
  });
});

// On PostgreSQL the shared server's database is read directly, for this one assertion only: what a user cannot
// reach through the API (the stored bytes) is the point here.
describe.runIf(inject("backend") === "postgres")("PostgreSQL: the stored rows hold envelopes, not secrets", () => {
  test("destination and app secrets are sealed in the database", async () => {
    const owner = await signUp(inject("baseUrl"));
    const secret = `s-${crypto.randomUUID()}`;
    const { exportId, configId } = await storeSecrets(owner, secret);
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const exported = await client.query("SELECT destination_config FROM batch_exports WHERE id = $1", [exportId]);
      const config = await client.query("SELECT config FROM plugin_configs WHERE id = $1", [configId]);
      expect(exported.rows[0].destination_config).toMatchObject({
        host: "warehouse.example.com",
        password: expect.stringMatching(/^hedgerow:enc:v1:/),
      });
      expect(config.rows[0].config.apiKey).toMatch(/^hedgerow:enc:v1:/);
      expect(JSON.stringify([exported.rows, config.rows])).not.toContain(secret);
    } finally {
      await client.end();
    }
  });
});
