import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoSettings, planDemo } from "./seed";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-demo-plan-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("demoSettings", () => {
  it("defaults to 100,000 events, takes HEDGEROW_DEMO_EVENTS, and is off with HEDGEROW_DEMO=false or 0 events", () => {
    expect(demoSettings({ HEDGEROW_DATA_DIR: "/x" })).toEqual({ events: 100_000, dataDir: "/x", databaseUrl: undefined });
    expect(demoSettings({ HEDGEROW_DEMO_EVENTS: "10_000_000" }).events).toBe(10_000_000);
    expect(demoSettings({ HEDGEROW_DEMO: "false" }).events).toBe(0);
    expect(demoSettings({ HEDGEROW_DEMO_EVENTS: "0" }).events).toBe(0);
    expect(() => demoSettings({ HEDGEROW_DEMO_EVENTS: "lots" })).toThrow(/whole number/);
  });
});

describe("planDemo", () => {
  it("creates the demo on a new instance only", async () => {
    const fresh = dataDir();
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: fresh }))).toEqual({ action: "create" });
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: fresh, HEDGEROW_DEMO: "false" }))).toEqual({ action: "none" });
    // An existing PGlite database is an instance in use: no demo user appears in it.
    const used = dataDir();
    mkdirSync(path.join(used, "pglite"));
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: used }))).toEqual({ action: "none" });
  });

  it("reminds of the login once loaded, and resumes a load that was interrupted", async () => {
    const dir = dataDir();
    const marker = { status: "done", email: "demo@hedgerow.local", password: "p", projectId: 1, apiToken: "phc_x", events: 10, seed: 1, now: 0 };
    writeFileSync(path.join(dir, ".demo-seeded"), JSON.stringify(marker));
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: dir }))).toEqual({ action: "remind", marker });
    writeFileSync(path.join(dir, ".demo-seeded"), JSON.stringify({ ...marker, status: "loading" }));
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: dir }))).toEqual({ action: "resume", marker: { ...marker, status: "loading" } });
  });
});
