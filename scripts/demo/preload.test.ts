import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateDemoEvents } from "./generate";
import { loadDemoFiles } from "./preload";

const dirs: string[] = [];
const filesDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-demo-files-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const marker = { events: 2_500, seed: 7, now: Date.UTC(2026, 10, 24) };
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error("timed out");
    await pause();
  }
}

describe("loadDemoFiles", () => {
  it("loads each file once complete, one at a time and in order, while the next is written; at most two on disk", async () => {
    const dir = filesDir();
    const loaded: string[] = [];
    const seen: string[] = [];
    let loading = 0;
    await loadDemoFiles(
      dir,
      marker,
      async (file) => {
        loading += 1;
        expect(loading).toBe(1);
        expect(readdirSync(dir).length).toBeLessThanOrEqual(2);
        seen.push(...readFileSync(file, "utf8").trim().split("\n"));
        // The next file is being written meanwhile (sequential work would never create it while this one loads).
        const next = `events-${String(loaded.length + 1).padStart(4, "0")}.jsonl`;
        if (loaded.length < 2) await until(() => readdirSync(dir).includes(next));
        loaded.push(path.basename(file));
        loading -= 1;
      },
      1_000,
    );
    expect(loaded).toEqual(["events-0000.jsonl", "events-0001.jsonl", "events-0002.jsonl"]);
    expect(readdirSync(dir)).toEqual([]);
    const generated = [...generateDemoEvents(marker)].flat();
    expect(seen.map((line) => JSON.parse(line).uuid)).toEqual(generated.map((event) => event.uuid));
  });

  it("stops at a failed load with its error, and waits for it before returning", async () => {
    const dir = filesDir();
    const loaded: string[] = [];
    const failing = loadDemoFiles(
      dir,
      marker,
      async (file) => {
        await pause();
        if (file.endsWith("0001.jsonl")) throw new Error("import failed");
        loaded.push(path.basename(file));
      },
      1_000,
    );
    await expect(failing).rejects.toThrow("import failed");
    expect(loaded).toEqual(["events-0000.jsonl"]);
    // The failed file is removed as well; the one written meanwhile is left for the caller's cleanup.
    expect(readdirSync(dir)).not.toContain("events-0001.jsonl");
  });
});
