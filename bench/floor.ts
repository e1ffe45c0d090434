// What this machine can do at best, under Hedgerow's ingestion targets (issue 11: capture ≥ 50,000 events/s, bulk
// import ≥ 200,000 events/s): each part measures the least any ingestion into this event store must do, with
// nothing of Hedgerow's around it, and turns its CPU per event into a ceiling on this machine's cores.
//   npx tsx bench/floor.ts [--part import|capture|demo|all] [--events 1000000] [--seconds 15] [--connections 32,64]
//
// import: over N demo events in one JSON Lines file (written before the clock starts), in-process on chDB, the
//   engine's CPU to read the lines, to parse them into an event's columns, and to insert them into the store's
//   `events` table straight from the file (no validation, persons, duplicate check or definitions), then the
//   background merges that insert leaves.
// demo: the CPU of generating N demo events and writing each as its JSON line (what the first start's demo must do
//   before importing them).
// capture: a bare `node:http` server (a child process, no Next, no store) answering posthog-node's gzipped
//   batches, driven by the capture bench's client: reading the bodies alone, then also decompressing and parsing
//   them; then, in-process, the store's insert of such events as capture hands them over (`eventRow`'s JSON rows, in
//   flush-sized groups) and the merges after it.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { embeddedTestStore } from "../lib/events/store/test-store";
import type { EventStore } from "../lib/events/store/types";
import { generateDemoEvents } from "../scripts/demo/generate";
import { drive, payloads } from "./capture-client";
import { arg, cpuSeconds, load } from "./events";

const PART = arg("part", "all");
const EVENTS = Number(arg("events", "1000000"));
const SECONDS = Number(arg("seconds", "15"));
const CONNECTIONS = arg("connections", "32,64").split(",").map(Number);
const CORES = availableParallelism();
/** Events inserted for the store's share of capture. */
const STORE_EVENTS = 200_000;

const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
/** CPU seconds of every thread of this process (the engine's included) while `work` runs. */
async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = cpuNow();
  await work();
  return cpuNow() - before;
}
/** CPU this process spends over `seconds` of doing nothing itself: the engine's background merges. */
async function idleCpu(seconds: number): Promise<number> {
  return cpuOf(() => new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
}
const perEvent = (cpu: number, events: number) => (cpu * 1e6) / events;
const ceiling = (microseconds: number) => Math.round((CORES * 1e6) / microseconds);
const fmt = (n: number) => n.toLocaleString("en-US");
const round = (n: number) => Number(n.toFixed(1));

const EVENT_COLUMNS = "uuid String, event String, distinct_id String, timestamp String, properties String";

/** Writes N demo events to `file` as JSON Lines; resolves with the CPU seconds it took. */
async function writeDemoFile(file: string): Promise<number> {
  return cpuOf(async () => {
    const out = createWriteStream(file);
    for (const batch of generateDemoEvents({ events: EVENTS, seed: 3, now: Date.UTC(2026, 10, 24), batchSize: 50_000 }))
      for (const event of batch) if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, "drain");
    out.end();
    await once(out, "finish");
  });
}

async function importFloor(store: EventStore, dir: string) {
  const file = path.join(dir, "events.jsonl");
  await writeDemoFile(file);
  const source = `file('${file}', 'JSONEachRow', '${EVENT_COLUMNS}')`;
  const settings = "SETTINGS max_threads = 2, max_insert_threads = 2, date_time_input_format = 'best_effort'";

  const read = await cpuOf(() => store.query(`SELECT sum(length(line)) AS n FROM file('${file}', 'LineAsString') ${settings}`));
  const parse = await cpuOf(() =>
    store.query(
      `SELECT sum(length(uuid) + length(event) + length(distinct_id) + length(timestamp) + length(properties)) AS n FROM ${source} ${settings}`,
    ),
  );
  const insert = await cpuOf(() =>
    store.command(
      `INSERT INTO events (uuid, event, properties, timestamp, team_id, distinct_id, person_id)
       SELECT toUUID(uuid), event, properties, parseDateTime64BestEffort(timestamp, 6, 'UTC'), 1, distinct_id, toUUID('00000000-0000-0000-0000-000000000000')
       FROM ${source} ${settings}`,
    ),
  );
  const merges = await idleCpu(20);
  const [{ n }] = await store.query<{ n: string }>("SELECT count() AS n FROM events WHERE team_id = 1");
  if (Number(n) !== EVENTS) throw new Error(`inserted ${n} of ${EVENTS} events`);
  return [
    { step: "read the file's lines", "CPU µs / event": perEvent(read, EVENTS) },
    { step: "parse each line into an event's columns", "CPU µs / event": perEvent(parse, EVENTS) },
    { step: "insert into events straight from the file (parse included)", "CPU µs / event": perEvent(insert, EVENTS) },
    { step: "background merges in the 20 s after", "CPU µs / event": perEvent(merges, EVENTS) },
  ];
}

/** The bare capture server's modes: `read` answers once the body is in, `decode` also gunzips and parses it. */
const BARE_SERVER = fileURLToPath(new URL("./bare-capture-server.mjs", import.meta.url));

async function bareServer(mode: "read" | "decode") {
  const child = spawn(process.execPath, [BARE_SERVER, mode], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(child.stdout, "data")) as [Buffer];
  return { child, baseUrl: `http://127.0.0.1:${Number(line.toString().trim())}` };
}

async function captureFloor(store: EventStore) {
  // The bare server stores nothing, so the same bodies are sent again and again (1.5M events/s need many).
  const distinct = await payloads("phc_floor", 400_000);
  const bodies = Array.from({ length: 1_000_000 }, (_, i) => distinct[i % distinct.length]);
  const rows: {
    server: string;
    connections: number;
    "events/s": number;
    "server CPU µs / event": number;
    "client CPU µs / event": number;
    failed: number;
  }[] = [];
  let offset = 0;
  for (const mode of ["read", "decode"] as const) {
    const server = await bareServer(mode);
    try {
      await drive(server.baseUrl, bodies.slice(0, 50), 0, 4, SECONDS);
      for (const connections of CONNECTIONS) {
        const serverBefore = cpuSeconds(server.child.pid!);
        const clientBefore = cpuNow();
        const result = await drive(server.baseUrl, bodies, offset, connections, SECONDS);
        offset = (offset + result.used) % (bodies.length / 2);
        rows.push({
          server: mode === "read" ? "bare node:http, body read" : "bare node:http, gunzip + JSON.parse",
          connections,
          "events/s": Math.round(result.accepted / result.elapsed),
          "server CPU µs / event": round(perEvent(cpuSeconds(server.child.pid!) - serverBefore, result.accepted)),
          "client CPU µs / event": round(perEvent(cpuNow() - clientBefore, result.accepted)),
          failed: result.failed,
        });
      }
    } finally {
      server.child.kill();
    }
  }
  console.table(rows);

  // The store's share: the rows capture inserts (`eventRow`: properties an object, timestamps of the last minute), in
  // groups of a flush's size at 32 connections and of the largest flush. Imported once the store is open: the
  // pipeline reaches the store's modules, which read the data dir when first imported.
  const { MAX_FLUSH_EVENTS } = await import("../lib/ingestion/pipeline");
  const { eventRow } = await import("../lib/ingestion/event-row");
  const now = Date.now();
  const insertRows: Record<string, unknown>[] = [];
  for (const batch of generateDemoEvents({ events: STORE_EVENTS, seed: 4, now, batchSize: 5_000 }))
    for (const e of batch) {
      const event = {
        uuid: e.uuid,
        event: e.event,
        distinctId: e.distinct_id,
        properties: e.properties,
        timestamp: new Date(now - Math.floor(Math.random() * 60_000)),
      };
      insertRows.push(eventRow({ projectId: 2, event }, "00000000-0000-0000-0000-000000000000"));
    }
  const stores: { "events a group": number; "insert CPU µs / event": number; "merges CPU µs / event (20 s after)": number }[] = [];
  for (const group of [3_200, MAX_FLUSH_EVENTS]) {
    const insert = await cpuOf(async () => {
      for (let i = 0; i < insertRows.length; i += group) await store.insert("events", insertRows.slice(i, i + group));
    });
    const merges = await idleCpu(20);
    stores.push({
      "events a group": group,
      "insert CPU µs / event": round(perEvent(insert, insertRows.length)),
      "merges CPU µs / event (20 s after)": round(perEvent(merges, insertRows.length)),
    });
    await store.command("TRUNCATE TABLE events");
  }
  console.table(stores);
  const best = rows.filter((r) => r.server.includes("gunzip")).reduce((a, b) => (a["events/s"] > b["events/s"] ? a : b));
  const largest = stores.at(-1)!;
  const storeCpu = largest["insert CPU µs / event"] + largest["merges CPU µs / event (20 s after)"];
  const serverCpu = best["server CPU µs / event"];
  const clientCpu = best["client CPU µs / event"];
  const total = serverCpu + clientCpu + storeCpu;
  console.log(
    `Capture's floor here: HTTP + decode ${serverCpu.toFixed(1)} µs + the client's ${clientCpu.toFixed(1)} µs + the store ${storeCpu.toFixed(1)} µs ` +
      `= ${total.toFixed(1)} µs of CPU an event, at most ${fmt(ceiling(total))} events/s on ${CORES} cores ` +
      `(the largest flush's insert; without validation, persons, the duplicate check, definitions or a framework).`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-floor-"));
const embedded = embeddedTestStore("bench-floor");
const store = await embedded.open();
try {
  console.log(`${CORES} cores; load average ${load()}`);
  if (PART === "import" || PART === "all") {
    const steps = await importFloor(store, dir);
    console.table(steps.map((s) => ({ ...s, "CPU µs / event": round(s["CPU µs / event"]) })));
    const bare = steps[2]["CPU µs / event"] + steps[3]["CPU µs / event"];
    console.log(
      `The import's floor here: ${bare.toFixed(1)} µs of CPU an event for the bare insert and its merges, at most ${fmt(ceiling(bare))} events/s on ${CORES} cores ` +
        `(${fmt(EVENTS)} demo events; without validation, persons, the duplicate check or definitions).`,
    );
  }
  if (PART === "demo" || PART === "all") {
    const cpu = await writeDemoFile(path.join(dir, "demo.jsonl"));
    console.log(
      `Generating ${fmt(EVENTS)} demo events and writing them as JSON Lines: ${perEvent(cpu, EVENTS).toFixed(1)} µs of CPU an event.`,
    );
  }
  if (PART === "capture" || PART === "all") await captureFloor(store);
  console.log(`load average at the end ${load()}`);
} finally {
  await embedded.close();
  rmSync(dir, { recursive: true, force: true });
}
