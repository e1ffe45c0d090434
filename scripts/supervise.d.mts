import type { ChildProcess } from "node:child_process";

export declare const RESTART_DEFAULTS: {
  initialBackoffMs: number;
  maxBackoffMs: number;
  stableAfterMs: number;
};

export interface SuperviseOptions extends Partial<typeof RESTART_DEFAULTS> {
  log?: (line: string) => void;
  name?: string;
}

export interface Supervised {
  /** Passes the signal on to the server; nothing is restarted after it. */
  stop: (signal: NodeJS.Signals) => void;
  /** Resolves once stopped and the server is gone. */
  stopped: Promise<void>;
}

export declare function supervise(launch: () => ChildProcess, options?: SuperviseOptions): Supervised;
