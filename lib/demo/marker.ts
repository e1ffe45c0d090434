// The first-start demo's record in the data dir (`.demo-seeded`): its login, its project and how far its load got.
// Written by `npm start` (scripts/demo/seed.ts); read there and by the server's demo job (lib/demo/job.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DEMO_EMAIL = "demo@hedgerow.local";
export const DEMO_ORGANIZATION = "Hedgerow Demo";

export interface Marker {
  status: "loading" | "done";
  email: string;
  password: string;
  projectId: number;
  apiToken: string;
  events: number;
  seed: number;
  /** The end of the demo's window, kept so a resumed load regenerates the very same events. */
  now: number;
}

export const markerPath = (dataDir: string) => path.join(dataDir, ".demo-seeded");

/** The demo's record in a data dir (its login, project and load state), null when none was made there. */
export function readMarker(dataDir: string): Marker | null {
  const file = markerPath(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Marker) : null;
}

export function writeMarker(dataDir: string, marker: Marker) {
  mkdirSync(dataDir, { recursive: true });
  // It holds the demo password: readable by the instance's owner only.
  writeFileSync(markerPath(dataDir), JSON.stringify(marker, null, 2) + "\n", { mode: 0o600 });
}
