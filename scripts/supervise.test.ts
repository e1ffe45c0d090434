import { expect, test } from "vitest";
import { supervise } from "./supervise";

/** A child process running `code`. */
const node = (code: string): [string, string[]] => [process.execPath, ["-e", code]];

/** Supervises `code` until `lines` restarts were logged, then stops it; the log lines. */
async function restartsOf(code: string, lines: number, options: Parameters<typeof supervise>[2]): Promise<string[]> {
  const log: string[] = [];
  let server: ReturnType<typeof supervise> | undefined;
  await new Promise<void>((enough) => {
    server = supervise(...node(code), {
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
  const server = supervise(...node("process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"), {
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
  const server = supervise(...node("process.exit(1)"), {
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
