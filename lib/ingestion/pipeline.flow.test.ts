import { beforeEach, expect, test, vi } from "vitest";
import type { CapturedEvent } from "./types";

// The pipeline's orchestration against an in-memory event store; persons and definitions are left out (tested on
// their own).
const store = vi.hoisted(() => ({
  rows: [] as Record<string, unknown>[],
  inserts: [] as number[],
  failInsertOf: null as string | null,
  /** Events of this name make the insert fail as ClickHouse does for a row it cannot read. */
  refuseInsertOf: null as string | null,
  /** Events of this name make the person transaction fail as PostgreSQL does for a value it cannot hold. */
  refusePersonsOf: null as string | null,
  /** Resolves the insert in progress (inserts wait for it, so a test can queue requests meanwhile). */
  gate: null as null | { promise: Promise<void>; open: () => void },
}));

vi.mock("@/lib/events/store/open", () => ({
  getEventStore: async () => ({
    kind: "chdb",
    async query(_sql: string, params: { uuids: string[] }) {
      const wanted = new Set(params.uuids);
      return store.rows.filter((row) => wanted.has(row.uuid as string)).map((row) => ({ team_id: String(row.team_id), id: row.uuid }));
    },
    async insert(table: string, rows: Record<string, unknown>[]) {
      if (table !== "events") return;
      await store.gate?.promise;
      if (rows.some((row) => row.event === store.failInsertOf)) throw new Error("insert failed");
      if (rows.some((row) => row.event === store.refuseInsertOf))
        throw Object.assign(new Error("Cannot parse escape sequence"), { clickhouseCode: 25 });
      store.rows.push(...rows);
      store.inserts.push(rows.length);
    },
  }),
}));
vi.mock("@/lib/db/client", () => ({ getDb: async () => ({ transaction: (run: (tx: unknown) => Promise<void>) => run({}) }) }));
vi.mock("@/lib/persons/repository", () => ({
  lockProjectPersons: async () => {},
  loadPersonsState: async (_tx: unknown, _projectId: number, events: { event: string }[]) => {
    if (events.some((event) => event.event === store.refusePersonsOf))
      throw new Error("Failed query", { cause: Object.assign(new Error("invalid byte sequence"), { code: "22021", severity: "ERROR" }) });
    return { persons: new Map(), distinctIds: new Map() };
  },
  savePersonChanges: async () => [],
}));

vi.mock("@/lib/definitions/recording", () => ({
  newDefinitions: () => ({}),
  saveDefinitions: async () => {},
  rememberDefinitions: () => {},
}));

const { ingest, flushIngestion, REFUSED_REASON } = await import("./pipeline");

let n = 0;
const events = (count: number, event = "e"): CapturedEvent[] =>
  Array.from({ length: count }, () => ({
    uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    event,
    distinctId: "d",
    properties: {},
    timestamp: new Date(),
  }));

function closeGate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  store.gate = { promise, open };
  return open;
}

beforeEach(() => {
  store.rows = [];
  store.inserts = [];
  store.failInsertOf = null;
  store.refuseInsertOf = null;
  store.refusePersonsOf = null;
  store.gate = null;
});

test("requests queued while a group is written are flushed together, each answered with its own counts", async () => {
  const open = closeGate();
  const first = ingest({ id: 1 }, events(2));
  await new Promise((r) => setTimeout(r, 10));
  const again = events(3);
  const queued = [ingest({ id: 1 }, again), ingest({ id: 1 }, [...again.slice(0, 1), ...events(1)]), ingest({ id: 2 }, events(4))];
  open();
  expect(await first).toEqual({ stored: 2, duplicates: 0, refused: [] });
  expect(await Promise.all(queued)).toEqual([
    { stored: 3, duplicates: 0, refused: [] },
    { stored: 1, duplicates: 1, refused: [] },
    { stored: 4, duplicates: 0, refused: [] },
  ]);
  expect(store.inserts).toEqual([2, 8]);
  await flushIngestion();
});

test("a retry of stored events is answered as duplicates and writes nothing", async () => {
  const sent = events(5);
  expect(await ingest({ id: 1 }, sent)).toEqual({ stored: 5, duplicates: 0, refused: [] });
  expect(await ingest({ id: 1 }, sent)).toEqual({ stored: 0, duplicates: 5, refused: [] });
  expect(await ingest({ id: 2 }, sent)).toEqual({ stored: 5, duplicates: 0, refused: [] });
  expect(store.rows).toHaveLength(10);
});

test("a group whose write fails is retried request by request: only the bad request fails, nothing is lost", async () => {
  store.failInsertOf = "poison";
  const open = closeGate();
  const first = ingest({ id: 1 }, events(1));
  await new Promise((r) => setTimeout(r, 10));
  const good = [ingest({ id: 1 }, events(2)), ingest({ id: 1 }, events(3))];
  const bad = ingest({ id: 1 }, [...events(1), ...events(1, "poison")]);
  const later = ingest({ id: 1 }, events(4));
  open();
  expect(await first).toEqual({ stored: 1, duplicates: 0, refused: [] });
  await expect(bad).rejects.toThrow("insert failed");
  expect(await Promise.all([...good, later])).toEqual([
    { stored: 2, duplicates: 0, refused: [] },
    { stored: 3, duplicates: 0, refused: [] },
    { stored: 4, duplicates: 0, refused: [] },
  ]);
  expect(store.rows.filter((row) => row.event === "poison")).toHaveLength(0);
  expect(store.rows).toHaveLength(10);
  await flushIngestion();
});

test("events a database refuses for their data are singled out: each refused by its index, everything else stored", async () => {
  store.refuseInsertOf = "poison";
  const open = closeGate();
  const first = ingest({ id: 1 }, events(1));
  await new Promise((r) => setTimeout(r, 10));
  const poisoned = [...events(3), ...events(1, "poison"), ...events(4), ...events(1, "poison"), ...events(1)];
  const group = [ingest({ id: 1 }, events(2)), ingest({ id: 1 }, poisoned), ingest({ id: 2 }, events(3))];
  open();
  expect(await first).toEqual({ stored: 1, duplicates: 0, refused: [] });
  const [before, withPoison, after] = await Promise.all(group);
  expect(before).toEqual({ stored: 2, duplicates: 0, refused: [] });
  expect(after).toEqual({ stored: 3, duplicates: 0, refused: [] });
  // In the order their parts were flushed.
  expect(withPoison.refused.sort((a, b) => a.index - b.index)).toEqual([
    { index: 3, reason: REFUSED_REASON },
    { index: 8, reason: REFUSED_REASON },
  ]);
  expect(withPoison.stored).toBe(8);
  expect(store.rows.filter((row) => row.event === "poison")).toHaveLength(0);
  expect(store.rows).toHaveLength(14);
  expect(new Set(store.rows.map((row) => row.uuid)).size).toBe(14);
  await flushIngestion();
});

test("a person change PostgreSQL refuses for its data singles out its event the same way", async () => {
  store.refusePersonsOf = "poison";
  const sent = [...events(2), ...events(1, "poison"), ...events(2)];
  expect(await ingest({ id: 1 }, sent)).toEqual({ stored: 4, duplicates: 0, refused: [{ index: 2, reason: REFUSED_REASON }] });
  expect(store.rows.map((row) => row.uuid).sort()).toEqual(
    sent
      .filter((e) => e.event !== "poison")
      .map((e) => e.uuid)
      .sort(),
  );
});

test("a request that is only refused events is answered with all of them refused", async () => {
  store.refuseInsertOf = "poison";
  expect(await ingest({ id: 1 }, events(2, "poison"))).toEqual({
    stored: 0,
    duplicates: 0,
    refused: [
      { index: 0, reason: REFUSED_REASON },
      { index: 1, reason: REFUSED_REASON },
    ],
  });
});
