import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = createRequire(import.meta.url).resolve("tsx/cli");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run hedgerow -- <args>`, without npm in between, on the given database. */
export function hedgerow(args: string[], database: { dataDir: string } | { url: string }): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  if ("url" in database) env.DATABASE_URL = database.url;
  else env.HEDGEROW_DATA_DIR = database.dataDir;
  return new Promise((resolve) => {
    execFile(process.execPath, [tsx, "scripts/cli.ts", ...args], { cwd: root, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
