/**
 * Turns at a fixed number of slots, shared fairly between projects: a project alone may use every slot, but
 * once others wait, each project's share is the slots divided by the projects running or waiting, and a free
 * slot goes to the waiting project below its share that was served least recently (round-robin), else to the
 * least recently served of all. Within a project, callers go in arrival order. So a project that floods the
 * queue holds the slots only until they free up, and never makes another wait behind its whole backlog.
 */

export interface TurnLimits {
  /** How many may run at once. */
  slots: number;
  /** How many may wait in all; past it the project with the longest backlog loses its newest waiter. */
  queueLimit: number;
  /** How long one may wait for a turn before giving up. */
  maxWaitMs: number;
}

/** Why a caller got no turn: the queue was full, it waited `maxWaitMs`, or its signal aborted. */
export class NoTurnError extends Error {
  constructor(readonly reason: "queue_full" | "wait_timeout" | "aborted") {
    super(`no turn: ${reason}`);
  }
}

interface Waiter {
  grant: () => void;
  refuse: (error: NoTurnError) => void;
}

export class FairTurns {
  private readonly running = new Map<string, number>();
  private runningTotal = 0;
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingTotal = 0;
  /** When each project running or waiting last got a slot (a count of slots given); the round-robin's order. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  constructor(private readonly limits: TurnLimits) {}

  /** Runs `work` in one of the slots once `project` has its turn; a NoTurnError when it gets none. */
  async run<T>(project: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(project, signal);
    try {
      return await work();
    } finally {
      this.release(project);
    }
  }

  /** What is running and waiting now, per project. */
  snapshot(): { running: Record<string, number>; waiting: Record<string, number> } {
    return {
      running: Object.fromEntries(this.running),
      waiting: Object.fromEntries([...this.waiting].map(([project, queue]) => [project, queue.length])),
    };
  }

  private acquire(project: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new NoTurnError("aborted"));
    if (this.runningTotal < this.limits.slots && this.waitingTotal === 0) {
      this.start(project);
      return Promise.resolve();
    }
    if (this.waitingTotal >= this.limits.queueLimit && !this.shedLongestBacklog(project))
      return Promise.reject(new NoTurnError("queue_full"));
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        grant: () => {
          settle();
          resolve();
        },
        refuse: (error) => {
          settle();
          this.remove(project, waiter);
          reject(error);
        },
      };
      const onAbort = () => waiter.refuse(new NoTurnError("aborted"));
      const timer = setTimeout(() => waiter.refuse(new NoTurnError("wait_timeout")), this.limits.maxWaitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      const queue = this.waiting.get(project);
      if (queue) queue.push(waiter);
      else this.waiting.set(project, [waiter]);
      this.waitingTotal++;
    });
  }

  /**
   * Makes room for `project` in a full queue by refusing the newest waiter of the project with the most
   * waiting, when that backlog is longer than the caller's own; false when the caller's is the longest.
   */
  private shedLongestBacklog(project: string): boolean {
    let longest: string | null = null;
    for (const [other, queue] of this.waiting) if (longest === null || queue.length > this.waiting.get(longest)!.length) longest = other;
    const own = this.waiting.get(project)?.length ?? 0;
    if (longest === null || longest === project || this.waiting.get(longest)!.length <= own + 1) return false;
    this.waiting.get(longest)!.at(-1)!.refuse(new NoTurnError("queue_full"));
    return true;
  }

  private remove(project: string, waiter: Waiter) {
    const queue = this.waiting.get(project);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.waitingTotal--;
    if (queue.length === 0) this.waiting.delete(project);
    this.forgetIfIdle(project);
  }

  private start(project: string) {
    this.running.set(project, (this.running.get(project) ?? 0) + 1);
    this.runningTotal++;
    this.lastServed.set(project, ++this.served);
  }

  private release(project: string) {
    const left = this.running.get(project)! - 1;
    if (left === 0) this.running.delete(project);
    else this.running.set(project, left);
    this.runningTotal--;
    this.forgetIfIdle(project);
    this.dispatch();
  }

  /** A project with nothing running or waiting leaves the round: it comes back first in line. */
  private forgetIfIdle(project: string) {
    if (!this.running.has(project) && !this.waiting.has(project)) this.lastServed.delete(project);
  }

  /** Hands free slots to waiting projects, each to the project `nextProject` picks. */
  private dispatch() {
    while (this.runningTotal < this.limits.slots && this.waitingTotal > 0) {
      const project = this.nextProject();
      const queue = this.waiting.get(project)!;
      const waiter = queue.shift()!;
      this.waitingTotal--;
      if (queue.length === 0) this.waiting.delete(project);
      this.start(project);
      waiter.grant();
    }
  }

  /** The least recently served waiting project below its share, else the least recently served waiting one. */
  private nextProject(): string {
    const active = new Set([...this.running.keys(), ...this.waiting.keys()]).size;
    const share = Math.max(1, Math.floor(this.limits.slots / active));
    const waiting = [...this.waiting.keys()];
    const belowShare = waiting.filter((project) => (this.running.get(project) ?? 0) < share);
    const servedAt = (project: string) => this.lastServed.get(project) ?? 0;
    return (belowShare.length ? belowShare : waiting).reduce((a, b) => (servedAt(b) < servedAt(a) ? b : a));
  }
}
