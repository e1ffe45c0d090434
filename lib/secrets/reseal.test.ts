import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { SECRET_CONFIG_FIELDS } from "@/lib/batch-exports/schemas";

// A private PGlite database and data dir (where the key file is generated) for this file.
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-secrets-test-"));
vi.stubEnv("HEDGEROW_DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", "");
vi.stubEnv("HEDGEROW_ENCRYPTION_KEY", "");

let db: Awaited<ReturnType<typeof import("@/lib/db/client").getDb>>;
let schema: typeof import("@/lib/db/schema");
let reseal: typeof import("./reseal");
let keyring: typeof import("./keyring");
let exportId: string;
let configId: number;

const rawExportConfig = async () =>
  (
    (await db.execute(sql`SELECT destination_config FROM batch_exports WHERE id = ${exportId}`)) as {
      rows: { destination_config: Record<string, unknown> }[];
    }
  ).rows[0].destination_config;
const rawPluginConfig = async () => (await db.select().from(schema.pluginConfigs).where(eq(schema.pluginConfigs.id, configId)))[0].config;
const keyIdOf = (sealed: unknown) => String(sealed).split(":")[3];

beforeAll(async () => {
  schema = await import("@/lib/db/schema");
  reseal = await import("./reseal");
  keyring = await import("./keyring");
  db = await (await import("@/lib/db/client")).getDb();
  // Rows as an older Hedgerow wrote them: secrets in clear.
  const [organization] = await db.insert(schema.organizations).values({ name: "O", slug: "o" }).returning();
  const [project] = await db
    .insert(schema.projects)
    .values({ organizationId: organization.id, name: "P", apiToken: "phc_test" })
    .returning();
  const exported = await db.execute(sql`
    INSERT INTO batch_exports (project_id, name, destination_type, destination_config, interval)
    VALUES (${project.id}, 'e', 'Postgres', ${JSON.stringify({ host: "db", user: "u", password: "pg-clear-password" })}::jsonb, 'hour') RETURNING id`);
  exportId = String((exported as { rows: { id: string }[] }).rows[0].id);
  const [plugin] = await db
    .insert(schema.plugins)
    .values({ organizationId: organization.id, name: "App", secretFields: ["apiKey"] })
    .returning();
  const [config] = await db
    .insert(schema.pluginConfigs)
    .values({ projectId: project.id, pluginId: plugin.id, config: { apiKey: "app-clear-key", region: "eu" } })
    .returning();
  configId = config.id;
}, 60_000);

describe("secrets at rest", () => {
  test("the sealed destination fields are every destination type's secret fields", () => {
    expect([...schema.DESTINATION_SECRET_FIELDS].sort()).toEqual([...new Set(Object.values(SECRET_CONFIG_FIELDS).flat())].sort());
  });

  test("start seals what an older version stored in clear, once; reads still see the values", async () => {
    expect(await reseal.resealStoredSecrets(db)).toEqual({ batchExports: 1, pluginConfigs: 1 });
    const storedExport = await rawExportConfig();
    expect(JSON.stringify(storedExport)).not.toContain("pg-clear-password");
    expect(storedExport).toMatchObject({ host: "db", user: "u", password: expect.stringMatching(/^hedgerow:enc:v1:/) });
    const storedConfig = await rawPluginConfig();
    expect(JSON.stringify(storedConfig)).not.toContain("app-clear-key");
    expect(storedConfig.region).toBe("eu");

    const [read] = await db.select().from(schema.batchExports).where(eq(schema.batchExports.id, exportId));
    expect(read.destinationConfig).toEqual({ host: "db", user: "u", password: "pg-clear-password" });
    expect(await reseal.resealStoredSecrets(db)).toEqual({ batchExports: 0, pluginConfigs: 0 });
  });

  test("the key is generated into the data dir, readable by its user only", () => {
    const file = path.join(dataDir, keyring.KEY_FILE);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
  });

  test("writes through the column seal; rotation seals everything with the new key, old values still open", async () => {
    await db
      .update(schema.batchExports)
      .set({ destinationConfig: { host: "db2", user: "u", password: "second-password" } })
      .where(eq(schema.batchExports.id, exportId));
    const before = await rawExportConfig();
    expect(JSON.stringify(before)).not.toContain("second-password");

    const newKeyId = keyring.addKeyToFile();
    expect(keyIdOf(before.password)).not.toBe(newKeyId);
    expect(readFileSync(path.join(dataDir, keyring.KEY_FILE), "utf8").trim().split("\n")).toHaveLength(2);
    expect(await reseal.resealStoredSecrets(db)).toEqual({ batchExports: 1, pluginConfigs: 1 });
    expect(keyIdOf((await rawExportConfig()).password)).toBe(newKeyId);
    expect(keyIdOf((await rawPluginConfig()).apiKey)).toBe(newKeyId);
    const [read] = await db.select().from(schema.batchExports).where(eq(schema.batchExports.id, exportId));
    expect(read.destinationConfig.password).toBe("second-password");
  });
});
