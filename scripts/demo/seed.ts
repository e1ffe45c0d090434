// First-start demo: on a new instance, `npm start` creates a demo user, organization and project and loads
// demo events: on the embedded event store before the server starts, by the bulk import (scripts/demo/preload.ts);
// on a ClickHouse server through the capture endpoint of the started server. A marker in the data dir records it,
// so it happens once; a load interrupted half-way is finished on the next start (same seed and end time, hence the
// same uuids, which both paths store once).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_EMAIL, DEMO_ORGANIZATION, type Marker, markerPath, readMarker, writeMarker } from "@/lib/demo/marker";
import { isOff, trickleSettings } from "@/lib/demo/settings";
import { DEMO_DEFAULTS, generateDemoEvents } from "./generate";
import { sendEvents } from "./send";

export { DEMO_EMAIL, DEMO_ORGANIZATION, type Marker, readMarker, writeMarker } from "@/lib/demo/marker";

export interface DemoSettings {
  /** Events to load; 0 disables the demo. */
  events: number;
  dataDir: string;
  databaseUrl?: string;
  /** The live trickle of demo events (lib/demo/job.ts) is on (what the login says). */
  trickle?: boolean;
}

/** The demo settings from the environment: HEDGEROW_DEMO=false or HEDGEROW_DEMO_EVENTS=0 turn it off. */
export function demoSettings(env: Record<string, string | undefined>): DemoSettings {
  const disabled = isOff(env.HEDGEROW_DEMO);
  const requested = env.HEDGEROW_DEMO_EVENTS?.trim() ? Number(env.HEDGEROW_DEMO_EVENTS.replace(/[_,]/g, "")) : DEMO_DEFAULTS.events;
  if (!Number.isInteger(requested) || requested < 0)
    throw new Error(`HEDGEROW_DEMO_EVENTS must be a whole number of events, not "${env.HEDGEROW_DEMO_EVENTS}"`);
  return {
    events: disabled ? 0 : requested,
    dataDir: path.resolve(env.HEDGEROW_DATA_DIR || ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    trickle: trickleSettings(env).enabled,
  };
}

/**
 * Whether this instance already has users, checked before the server starts (and migrates): a PGlite data
 * dir that exists, or a PostgreSQL `users` table with rows. Such an instance gets no demo, whatever ALLOW_SIGNUP says.
 */
export async function instanceHasUsers(settings: DemoSettings): Promise<boolean> {
  if (!settings.databaseUrl) return existsSync(path.join(settings.dataDir, "pglite"));
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>("SELECT to_regclass('public.users')::text AS table");
    if (!rows[0].table) return false;
    return (await client.query("SELECT 1 FROM users LIMIT 1")).rowCount! > 0;
  } finally {
    await client.end();
  }
}

/**
 * What to do once the server is up: load the demo (`create`, or `resume` an interrupted load), show the login of the
 * demo just loaded before the server started (`loaded`), or only remind of it.
 */
export type DemoPlan =
  | { action: "none" }
  | { action: "remind"; marker: Marker }
  | { action: "create" }
  | { action: "resume"; marker: Marker }
  | { action: "loaded"; marker: Marker };

export async function planDemo(settings: DemoSettings): Promise<DemoPlan> {
  const marker = readMarker(settings.dataDir);
  if (marker) return marker.status === "done" ? { action: "remind", marker } : { action: "resume", marker };
  if (settings.events === 0 || (await instanceHasUsers(settings))) return { action: "none" };
  return { action: "create" };
}

const PRELOAD = fileURLToPath(new URL("./preload.ts", import.meta.url));

/**
 * Loads the demo onto the embedded event store before the server starts, in a process of its own (the data dir is
 * released when it exits): answers the plan for once the server is up. A failed load leaves its marker at
 * `loading`, so the next start resumes it.
 */
export function preloadDemoProcess(settings: DemoSettings, options: { quiet?: boolean } = {}): Promise<DemoPlan> {
  const env: NodeJS.ProcessEnv = { ...process.env, HEDGEROW_DATA_DIR: settings.dataDir, HEDGEROW_DEMO_EVENTS: String(settings.events) };
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  else delete env.DATABASE_URL;
  delete env.CLICKHOUSE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", PRELOAD], {
    cwd: path.resolve(path.dirname(PRELOAD), "../.."),
    env,
    stdio: options.quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => (errors = (errors + chunk).slice(-4_000)));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      const marker = readMarker(settings.dataDir);
      if (code === 0 && marker?.status === "done") resolve({ action: "loaded", marker });
      else
        reject(
          new Error(
            `the demo load stopped (${signal ?? `exit code ${code}`})${errors ? `: ${errors.trim().split("\n").slice(-3).join(" ")}` : ""}`,
          ),
        );
    });
  });
}

/** Waits until the server at `baseUrl` answers with its database migrated (a refused login is a 400). */
export async function waitForServer(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(new URL("/api/login/", baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com", password: "x" }),
      });
      if (response.status === 400) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Hedgerow did not answer at ${baseUrl}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The demo's project, once its account is created. */
export interface DemoProject {
  projectId: number;
  apiToken: string;
}

/**
 * Starts or resumes a load, whichever the plan says: a new demo account is created (by `createAccount`, with a
 * password made here) and recorded in a `loading` marker before any event is loaded. Answers the marker, and says
 * what is being loaded.
 */
export async function beginDemoLoad(
  plan: Extract<DemoPlan, { action: "create" | "resume" }>,
  settings: DemoSettings,
  createAccount: (password: string) => Promise<DemoProject>,
  log: (line: string) => void,
): Promise<Marker> {
  if (plan.action === "resume") {
    log(`Demo: finishing the demo data load that was interrupted (${plan.marker.events.toLocaleString("en-US")} events)…`);
    return plan.marker;
  }
  const password = randomBytes(12).toString("base64url");
  const project = await createAccount(password);
  const marker: Marker = {
    status: "loading",
    email: DEMO_EMAIL,
    password,
    ...project,
    events: settings.events,
    seed: DEMO_DEFAULTS.seed,
    now: Date.now(),
  };
  writeMarker(settings.dataDir, marker);
  log(`Demo: created ${DEMO_EMAIL} in organization "${DEMO_ORGANIZATION}"; loading ${marker.events.toLocaleString("en-US")} events…`);
  return marker;
}

/** Signs up the demo user, who gets the "Hedgerow Demo" organization and its default project. */
async function signUpDemoUser(baseUrl: string, password: string): Promise<DemoProject> {
  const response = await fetch(new URL("/api/signup/", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password, first_name: "Demo", last_name: "User", organization_name: DEMO_ORGANIZATION }),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 201 || !body?.team) throw new Error(`creating the demo user failed: ${response.status} ${JSON.stringify(body)}`);
  return { projectId: body.team.id, apiToken: body.team.api_token };
}

/** Loads the marker's events through `/batch/`, printing progress every tenth. */
async function loadEvents(baseUrl: string, marker: Marker, log: (line: string) => void) {
  let reported = 0;
  const result = await sendEvents(generateDemoEvents({ events: marker.events, seed: marker.seed, now: marker.now }), {
    host: baseUrl,
    apiKey: marker.apiToken,
    onProgress: ({ events, elapsedMs }) => {
      if (events - reported >= marker.events / 10 || events === marker.events) {
        reported = events;
        log(
          `Demo data: ${events.toLocaleString("en-US")} / ${marker.events.toLocaleString("en-US")} events (${Math.round(events / (elapsedMs / 1000)).toLocaleString("en-US")}/s)`,
        );
      }
    },
  });
  return result;
}

/** `lines` in a box, so what a terminal ends with stands out from the server's own lines. */
export function boxed(lines: string[]): string[] {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`];
}

/** The login, last and boxed: the URL, the email and (on the start that made it) the password. */
export function loginLines(
  siteUrl: string,
  marker: Marker | null,
  options: { withPassword: boolean; dataDir: string; trickle: boolean },
): string[] {
  if (!marker) return boxed([`Hedgerow is ready: sign in at ${siteUrl}/login`]);
  const password = options.withPassword ? marker.password : `the one it was created with, in ${markerPath(options.dataDir)}`;
  return boxed([
    "Hedgerow is ready. Sign in with the demo account:",
    "",
    `  url:      ${siteUrl}/login`,
    `  email:    ${marker.email}`,
    `  password: ${password}`,
    "",
    `Organization "${DEMO_ORGANIZATION}", project ${marker.projectId}: ${marker.events.toLocaleString("en-US")} demo events`,
    options.trickle
      ? "and a few live ones every 5 seconds (HEDGEROW_DEMO_TRICKLE=0 stops them)."
      : "(the live demo events are off: HEDGEROW_DEMO_TRICKLE=0).",
  ]);
}

function printLogin(log: (line: string) => void, siteUrl: string, marker: Marker | null, withPassword: boolean, settings: DemoSettings) {
  log("");
  for (const line of loginLines(siteUrl, marker, { withPassword, dataDir: settings.dataDir, trickle: settings.trickle ?? false }))
    log(line);
  log("");
}

/** Runs the plan against the started server at `baseUrl`; `siteUrl` is what the login line shows. */
export async function runDemo(
  plan: DemoPlan,
  options: { baseUrl: string; siteUrl: string; settings: DemoSettings; log?: (line: string) => void },
) {
  const log = options.log ?? console.log;
  const { dataDir } = options.settings;
  // After the server's own start-up lines, so the login is what the terminal ends with.
  await waitForServer(options.baseUrl);
  if (plan.action === "none") return printLogin(log, options.siteUrl, null, false, options.settings);
  if (plan.action === "remind") return printLogin(log, options.siteUrl, plan.marker, false, options.settings);
  if (plan.action === "loaded") return printLogin(log, options.siteUrl, plan.marker, true, options.settings);
  let marker = await beginDemoLoad(plan, options.settings, (password) => signUpDemoUser(options.baseUrl, password), log);
  const result = await loadEvents(options.baseUrl, marker, log).catch((error) => {
    throw new Error(`${error.message} (the next start finishes the load)`);
  });
  marker = { ...marker, status: "done" };
  writeMarker(dataDir, marker);
  log(`Demo data: ${result.events.toLocaleString("en-US")} events loaded in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
  printLogin(log, options.siteUrl, marker, true, options.settings);
}
