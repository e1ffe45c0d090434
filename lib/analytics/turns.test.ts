import { describe, expect, test } from "vitest";
import { FairTurns, NoTurnError, type TurnLimits } from "./turns";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A scheduler and pieces of work on it that run until released, recording the order they started in. */
function harness(limits: Partial<TurnLimits> = {}) {
  const turns = new FairTurns({ slots: 2, queueLimit: 100, maxWaitMs: 60_000, ...limits });
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const outcomes = new Map<string, Promise<unknown>>();
  const submit = (project: string, name: string, signal?: AbortSignal) => {
    const released = new Promise<void>((resolve) => releases.set(name, resolve));
    const outcome = turns.run(
      project,
      async () => {
        started.push(name);
        await released;
        return name;
      },
      signal,
    );
    outcomes.set(
      name,
      outcome.catch((error: unknown) => error),
    );
    return outcome.catch(() => undefined);
  };
  /** Ends a running piece of work and lets the scheduler hand its slot on. */
  const finish = async (name: string) => {
    releases.get(name)!();
    await outcomes.get(name);
    await tick();
  };
  return { turns, started, submit, finish, outcome: (name: string) => outcomes.get(name)! };
}

describe("fair analysis turns", () => {
  test("a project alone uses every slot, its waiters in arrival order", async () => {
    const h = harness({ slots: 3 });
    for (const name of ["a1", "a2", "a3", "a4", "a5"]) void h.submit("A", name);
    await tick();
    expect(h.started).toEqual(["a1", "a2", "a3"]);
    expect(h.turns.snapshot()).toEqual({ running: { A: 3 }, waiting: { A: 2 } });
    await h.finish("a2");
    await h.finish("a1");
    expect(h.started).toEqual(["a1", "a2", "a3", "a4", "a5"]);
  });

  test("a project that arrives while another holds every slot gets the first free one, not the backlog's end", async () => {
    const h = harness({ slots: 2 });
    for (const name of ["a1", "a2", "a3", "a4", "a5", "a6"]) void h.submit("A", name);
    await tick();
    void h.submit("B", "b1");
    await tick();
    expect(h.started).toEqual(["a1", "a2"]);
    await h.finish("a1");
    expect(h.started).toEqual(["a1", "a2", "b1"]);
  });

  test("free slots go round-robin between waiting projects, least recently served first", async () => {
    const h = harness({ slots: 2 });
    for (const name of ["a1", "a2", "a3", "a4", "a5", "a6"]) void h.submit("A", name);
    for (const name of ["b1", "b2", "b3"]) void h.submit("B", name);
    for (const name of ["c1", "c2"]) void h.submit("C", name);
    await tick();
    // Each time, the piece of work that started first ends.
    for (let i = 0; i < 9; i++) await h.finish(h.started[i]);
    expect(h.started).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "c2", "a4", "b3", "a5", "a6"]);
  });

  test("once others wait, a project holding its share waits behind them; the slots split evenly", async () => {
    const h = harness({ slots: 4 });
    for (let i = 1; i <= 8; i++) void h.submit("A", `a${i}`);
    for (let i = 1; i <= 8; i++) void h.submit("B", `b${i}`);
    await tick();
    expect(h.turns.snapshot().running).toEqual({ A: 4 });
    await h.finish("a1");
    await h.finish("a2");
    // B got the two freed slots: A held more than its half.
    expect(h.turns.snapshot().running).toEqual({ A: 2, B: 2 });
    await h.finish("a3");
    expect(h.turns.snapshot().running).toEqual({ A: 2, B: 2 });
    await h.finish("b1");
    expect(h.turns.snapshot().running).toEqual({ A: 2, B: 2 });
  });

  test("a third project's share is a third: it is served before the two that hold more", async () => {
    const h = harness({ slots: 3 });
    for (let i = 1; i <= 3; i++) void h.submit("A", `a${i}`);
    for (let i = 1; i <= 3; i++) void h.submit("B", `b${i}`);
    await tick();
    await h.finish("a1");
    await h.finish("a2");
    expect(h.turns.snapshot().running).toEqual({ A: 1, B: 2 });
    void h.submit("C", "c1");
    await tick();
    await h.finish("b1");
    expect(h.started.at(-1)).toBe("c1");
    expect(h.turns.snapshot().running).toEqual({ A: 1, B: 1, C: 1 });
  });

  test("a waiter whose signal aborts leaves the queue, and the others keep their order", async () => {
    const h = harness({ slots: 1 });
    const abort = new AbortController();
    void h.submit("A", "a1");
    void h.submit("B", "b1", abort.signal);
    void h.submit("C", "c1");
    await tick();
    abort.abort();
    expect(await h.outcome("b1")).toEqual(new NoTurnError("aborted"));
    expect(h.turns.snapshot().waiting).toEqual({ C: 1 });
    await h.finish("a1");
    expect(h.started).toEqual(["a1", "c1"]);
  });

  test("an already aborted signal gets no turn, even with a free slot", async () => {
    const h = harness({ slots: 1 });
    void h.submit("A", "a1", AbortSignal.abort());
    expect(await h.outcome("a1")).toEqual(new NoTurnError("aborted"));
    expect(h.started).toEqual([]);
    expect(h.turns.snapshot()).toEqual({ running: {}, waiting: {} });
  });

  test("a waiter whose turn does not come within maxWaitMs gives up; its place is not held", async () => {
    const h = harness({ slots: 1, maxWaitMs: 30 });
    void h.submit("A", "a1");
    void h.submit("B", "b1");
    expect(await h.outcome("b1")).toEqual(new NoTurnError("wait_timeout"));
    expect(h.turns.snapshot()).toEqual({ running: { A: 1 }, waiting: {} });
    await h.finish("a1");
    void h.submit("B", "b2");
    await tick();
    expect(h.started).toEqual(["a1", "b2"]);
  });

  test("a full queue refuses the flooding project's newest waiter to let another project in", async () => {
    const h = harness({ slots: 1, queueLimit: 3 });
    for (const name of ["a1", "a2", "a3", "a4"]) void h.submit("A", name);
    await tick();
    // A's own next caller is refused: its backlog is the longest.
    void h.submit("A", "a5");
    expect(await h.outcome("a5")).toEqual(new NoTurnError("queue_full"));
    void h.submit("B", "b1");
    expect(await h.outcome("a4")).toEqual(new NoTurnError("queue_full"));
    expect(h.turns.snapshot().waiting).toEqual({ A: 2, B: 1 });
    // With backlogs as long as each other's, a newcomer is refused rather than another's waiter.
    void h.submit("B", "b2");
    expect(await h.outcome("b2")).toEqual(new NoTurnError("queue_full"));
    await h.finish("a1");
    expect(h.started).toEqual(["a1", "b1"]);
  });

  test("a failing piece of work frees its slot for the next project", async () => {
    const turns = new FairTurns({ slots: 1, queueLimit: 10, maxWaitMs: 60_000 });
    const failing = turns.run("A", async () => Promise.reject(new Error("boom")));
    const next = turns.run("B", async () => "ran");
    await expect(failing).rejects.toThrow("boom");
    expect(await next).toBe("ran");
    expect(turns.snapshot()).toEqual({ running: {}, waiting: {} });
  });
});
