import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort } from "../tests/support/server";
import { supervise } from "./supervise.mjs";

/** Starts a child process running `code`. */
const node = (code: string) => () => spawn(process.execPath, ["-e", code], { stdio: "inherit" });

/** Supervises `code` until `lines` restarts were logged, then stops it; the log lines. */
async function restartsOf(code: string, lines: number, options: Parameters<typeof supervise>[1]): Promise<string[]> {
  const log: string[] = [];
  let server: ReturnType<typeof supervise> | undefined;
  await new Promise<void>((enough) => {
    server = supervise(node(code), {
      ...options,
      log: (line) => {
        log.push(line);
        if (log.length === lines) enough();
      },
    });
  });
  server!.stop("SIGTERM");
  await server!.stopped;
  return log;
}

test("a server that keeps dying is restarted after a backoff doubling up to its maximum", async () => {
  const log = await restartsOf("process.exit(3)", 5, { initialBackoffMs: 20, maxBackoffMs: 80 });
  expect(log).toEqual([0.02, 0.04, 0.08, 0.08, 0.08].map((s) => `[hedgerow] The server exited with code 3; restarting it in ${s} s.`));
});

test("the backoff starts over after a server that stayed up a while", async () => {
  const log = await restartsOf("setTimeout(() => process.kill(process.pid, 'SIGKILL'), 150)", 3, {
    initialBackoffMs: 20,
    stableAfterMs: 100,
  });
  expect(log).toEqual(Array(3).fill("[hedgerow] The server was killed by SIGKILL; restarting it in 0.02 s."));
});

test("stop passes the signal on and restarts nothing", async () => {
  const log: string[] = [];
  const server = supervise(node("process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"), {
    initialBackoffMs: 10,
    log: (line) => log.push(line),
  });
  await new Promise((r) => setTimeout(r, 300));
  server.stop("SIGTERM");
  await server.stopped;
  await new Promise((r) => setTimeout(r, 100));
  expect(log).toEqual([]);
});

test("a stop during the backoff ends it at once", async () => {
  const log: string[] = [];
  let stoppedAt = 0;
  const server = supervise(node("process.exit(1)"), {
    initialBackoffMs: 60_000,
    log: (line) => {
      log.push(line);
      stoppedAt = Date.now();
      server.stop("SIGTERM");
    },
  });
  await server.stopped;
  expect(Date.now() - stoppedAt).toBeLessThan(1_000);
  expect(log).toHaveLength(1);
});

test("server processes sharing a port through cluster: each one is restarted on its own, and a stop ends them all", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-cluster-"));
  const script = path.join(dir, "server.js");
  // A server process answering with its pid, which exits on SIGTERM as Next's does once it has written its work.
  writeFileSync(
    script,
    `require("node:http").createServer((q, s) => s.end(String(process.pid))).listen(Number(process.argv[2]), "127.0.0.1");
     process.on("SIGTERM", () => setTimeout(() => process.exit(0), 50));`,
  );
  const port = await freePort();
  cluster.setupPrimary({ exec: script, args: [String(port)], silent: true });
  const log: string[] = [];
  const servers = [1, 2].map((n) =>
    supervise(() => cluster.fork().process, { name: `Server process ${n}`, initialBackoffMs: 300, log: (line) => log.push(line) }),
  );
  // A new connection each time: the primary hands connections to the processes in turn.
  const pidOf = () =>
    new Promise<number>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, agent: false }, (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk)).on("end", () => resolve(Number(body)));
        })
        .on("error", reject),
    );
  const answering = async (count: number) => {
    for (;;) {
      const pids = new Set<number>();
      for (let i = 0; i < 10; i++) pids.add(await pidOf().catch(() => 0));
      pids.delete(0);
      if (pids.size >= count) return pids;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    const [first, second] = await answering(2);
    process.kill(first, "SIGKILL");
    // The other one answers every request while the killed one waits out its backoff.
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) expect(await pidOf()).toBe(second);
    expect(log).toEqual([expect.stringMatching(/^\[hedgerow\] Server process [12] was killed by SIGKILL; restarting it in 0.3 s\.$/)]);
    const after = await answering(2);
    expect(after.has(second)).toBe(true);
    expect(after.has(first)).toBe(false);

    for (const server of servers) server.stop("SIGTERM");
    await Promise.all(servers.map((server) => server.stopped));
    // The primary forgets a worker once it has both exited and closed its IPC channel, in either order.
    await expect.poll(() => Object.keys(cluster.workers ?? {}), { timeout: 5_000 }).toEqual([]);
    await expect(pidOf()).rejects.toThrow();
    expect(log).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
