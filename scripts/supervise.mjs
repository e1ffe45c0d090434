// The supervisor of `npm start`: keeps a child process (a server process, the event-store process) running,
// restarting it when it dies. Plain JavaScript, as scripts/start.mjs that runs it for the instance's whole life
// loads no TypeScript loader (scripts/supervise.d.mts gives its types).

export const RESTART_DEFAULTS = {
  /** The wait before the first restart; it doubles with each restart that follows a short run. */
  initialBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  /** A server that ran this long before dying was healthy: the next restart waits the initial backoff again. */
  stableAfterMs: 60_000,
};

/**
 * Runs the child `launch` starts (a spawned command, a cluster worker's process) and starts it again, after a
 * backoff, whenever it exits without having been stopped. A new child is started only after the previous one
 * has exited, so it can open the embedded databases the old one held (chDB and PGlite allow one process per
 * data dir). `name` begins its log lines.
 */
export function supervise(launch, { log = console.error, name = "The server", ...options } = {}) {
  const { initialBackoffMs, maxBackoffMs, stableAfterMs } = { ...RESTART_DEFAULTS, ...options };
  let child = null;
  let restartTimer;
  let stopping = false;
  let backoffMs = initialBackoffMs;
  let resolveStopped;
  const stopped = new Promise((resolve) => (resolveStopped = resolve));

  const start = () => {
    const startedAt = Date.now();
    child = launch();
    child.once("exit", (code, signal) => {
      child = null;
      if (stopping) return resolveStopped();
      if (Date.now() - startedAt >= stableAfterMs) backoffMs = initialBackoffMs;
      const cause = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      log(`[hedgerow] ${name} ${cause}; restarting it in ${backoffMs / 1000} s.`);
      restartTimer = setTimeout(start, backoffMs);
      backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
    });
  };

  const stop = (signal) => {
    stopping = true;
    if (child) return void child.kill(signal);
    clearTimeout(restartTimer);
    resolveStopped();
  };
  start();
  return { stop, stopped };
}
