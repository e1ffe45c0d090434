import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { ANALYSIS_CONCURRENCY, ANALYSIS_QUEUE_LIMIT, inTurn } from "./store";

/** A piece of work of `project` that runs until released, recording how many ran at once. */
function gate(stats: { running: number; peak: number; order: number[] }, project: number, id: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => {
    void inTurn(project, async () => {
      stats.running++;
      stats.peak = Math.max(stats.peak, stats.running);
      stats.order.push(id);
      resolve();
      await released;
      stats.running--;
    }).catch(() => resolve());
  });
  return { release, started };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("analysis turns", () => {
  test("at most ANALYSIS_CONCURRENCY run at once, one project's in arrival order; its full queue is a 429", async () => {
    const stats = { running: 0, peak: 0, order: [] as number[] };
    const works = Array.from({ length: ANALYSIS_CONCURRENCY + ANALYSIS_QUEUE_LIMIT }, (_, i) => gate(stats, 1, i));
    await tick();
    expect(stats.running).toBe(ANALYSIS_CONCURRENCY);

    const refused = await inTurn(1, async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).body).toMatchObject({ type: "throttled_error", code: "concurrency_limit_exceeded" });

    for (const work of works) {
      work.release();
      await tick();
    }
    await Promise.all(works.map((w) => w.started));
    await tick();
    expect(stats.peak).toBe(ANALYSIS_CONCURRENCY);
    expect(stats.order).toEqual(works.map((_, i) => i));
    expect(stats.running).toBe(0);
    // Every slot is free again.
    expect(await inTurn(1, async () => "ran")).toBe("ran");
  });

  test("another project's analysis runs at the first free slot, ahead of a flooding project's backlog", async () => {
    const stats = { running: 0, peak: 0, order: [] as number[] };
    const flood = Array.from({ length: ANALYSIS_CONCURRENCY * 4 }, (_, i) => gate(stats, 1, i));
    await tick();
    const light = gate(stats, 2, -1);
    await tick();
    expect(stats.order).not.toContain(-1);
    flood[0].release();
    await light.started;
    expect(stats.order).toEqual([...flood.slice(0, ANALYSIS_CONCURRENCY).map((_, i) => i), -1]);
    light.release();
    for (const work of flood) work.release();
    await Promise.all(flood.map((w) => w.started));
  });

  test("a failing piece of work frees its slot", async () => {
    for (let i = 0; i < ANALYSIS_CONCURRENCY * 3; i++)
      await expect(inTurn(1, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const results = await Promise.all(Array.from({ length: ANALYSIS_CONCURRENCY * 2 }, (_, i) => inTurn(1, async () => i)));
    expect(results).toHaveLength(ANALYSIS_CONCURRENCY * 2);
  });
});
