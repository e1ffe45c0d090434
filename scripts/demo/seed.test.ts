import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { boxed, demoSettings, planDemo, runDemo } from "./seed";

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
    expect(demoSettings({ HEDGEROW_DATA_DIR: "/x" })).toEqual({ events: 100_000, dataDir: "/x", databaseUrl: undefined, trickle: true });
    expect(demoSettings({ HEDGEROW_DEMO_TRICKLE: "0" })).toMatchObject({ events: 100_000, trickle: false });
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
    const marker = {
      status: "done",
      email: "demo@hedgerow.local",
      password: "p",
      projectId: 1,
      apiToken: "phc_x",
      events: 10,
      seed: 1,
      now: 0,
    };
    writeFileSync(path.join(dir, ".demo-seeded"), JSON.stringify(marker));
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: dir }))).toEqual({ action: "remind", marker });
    writeFileSync(path.join(dir, ".demo-seeded"), JSON.stringify({ ...marker, status: "loading" }));
    expect(await planDemo(demoSettings({ HEDGEROW_DATA_DIR: dir }))).toEqual({
      action: "resume",
      marker: { ...marker, status: "loading" },
    });
  });
});

describe("the login at the end of a start", () => {
  const marker = {
    status: "done" as const,
    email: "demo@hedgerow.local",
    password: "s3cret-pw",
    projectId: 7,
    apiToken: "phc_x",
    events: 1500,
    seed: 1,
    now: 0,
  };

  /** A server that answers the readiness probe (a refused login: 400) only after `delayMs`; what was logged by then. */
  async function startAfter(delayMs: number, log: string[]) {
    const started = Date.now();
    const server = createServer((_request, response) => {
      const ready = Date.now() - started >= delayMs;
      if (ready && !log.includes("(server ready)")) log.push("(server ready)");
      response.writeHead(ready ? 400 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("comes once the server answers, last, boxed: url, email, then password", async () => {
    const log: string[] = [];
    const { server, baseUrl } = await startAfter(600, log);
    try {
      const settings = demoSettings({ HEDGEROW_DATA_DIR: dataDir() });
      await runDemo({ action: "loaded", marker }, { baseUrl, siteUrl: "http://localhost:3000", settings, log: (line) => log.push(line) });
    } finally {
      server.close();
    }
    const box = log.slice(log.indexOf("(server ready)") + 1).filter(Boolean);
    expect(box[0]).toMatch(/^┌─+┐$/);
    expect(box.at(-1)).toMatch(/^└─+┘$/);
    expect(box.every((line) => line.length === box[0].length)).toBe(true);
    const text = box.join("\n");
    expect(text.indexOf("url:      http://localhost:3000/login")).toBeLessThan(text.indexOf("email:    demo@hedgerow.local"));
    expect(text.indexOf("email:    demo@hedgerow.local")).toBeLessThan(text.indexOf("password: s3cret-pw"));
    expect(text).toContain("a few live ones every 5 seconds (HEDGEROW_DEMO_TRICKLE=0 stops them)");
  });

  it("without a demo, the sign-in URL alone, once the server answers", async () => {
    const log: string[] = [];
    const { server, baseUrl } = await startAfter(300, log);
    try {
      const settings = demoSettings({ HEDGEROW_DATA_DIR: dataDir(), HEDGEROW_DEMO: "false" });
      await runDemo({ action: "none" }, { baseUrl, siteUrl: "http://localhost:3000", settings, log: (line) => log.push(line) });
    } finally {
      server.close();
    }
    expect(log.filter(Boolean)).toEqual(["(server ready)", ...boxed(["Hedgerow is ready: sign in at http://localhost:3000/login"])]);
  });
});
