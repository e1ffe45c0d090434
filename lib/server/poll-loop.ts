/**
 * A background loop of the server process: a pass at start, then one every `pollMs`; `kick` asks for a pass now (a
 * create or a change). Passes never overlap; a kick during one, or a full pass (more may be due), runs another at once.
 * One loop per `name` in the process (Next.js may load a module twice).
 */

export interface PollLoop {
  kick: () => void;
  stop: () => Promise<void>;
}

interface LoopOptions {
  /** Names the loop in logs and in the process's registry. */
  name: string;
  pollMs: number;
  /** Items a pass takes at most: a pass that took this many runs again at once. */
  passLimit: number;
  /** One pass: answers how many items it took. */
  pass: () => Promise<number>;
}

const registry = globalThis as unknown as { __hedgerowPollLoops?: Map<string, PollLoop> };
const loops = () => (registry.__hedgerowPollLoops ??= new Map());

export function startPollLoop({ name, pollMs, passLimit, pass }: LoopOptions): PollLoop {
  const existing = loops().get(name);
  if (existing) return existing;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        console.error(`[${name}] pass failed:`, error);
        return 0;
      })
      .then((done) => {
        running = null;
        if (again || done >= passLimit) {
          again = false;
          run();
        } else if (!stopped) {
          timer = setTimeout(run, pollMs);
          timer.unref();
        }
      });
  };
  const loop: PollLoop = {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      loops().delete(name);
    },
  };
  loops().set(name, loop);
  run();
  return loop;
}

/** Asks the process's loop `name` for a pass now; without one (another process, a test), its next poll does. */
export function kickPollLoop(name: string): void {
  loops().get(name)?.kick();
}
