// `npm start`'s first build, shown as it goes: `next build`'s own lines, each with the time elapsed, a line every
// few seconds while it is silent (compiling prints nothing for minutes on a small machine), and its closing
// table of routes (hundreds of lines, of no use to someone starting Hedgerow) summed up in one line.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface BuildOptions {
  command?: string;
  args?: string[];
  log?: (line: string) => void;
  /** How long the build may be silent before a line says it is still going. */
  quietMs?: number;
}

/** "1:05" for 65 s. */
export const elapsed = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** Runs the build; resolves with its exit code once it is done. */
export function buildWithProgress(options: BuildOptions = {}): Promise<number> {
  const log = options.log ?? console.log;
  const quietMs = options.quietMs ?? 30_000;
  const started = Date.now();
  log("Building Hedgerow: first start only, usually 3–10 minutes (longer on a busy 2-core machine).");
  const child = spawn(options.command ?? "npx", options.args ?? ["next", "build"], { stdio: ["ignore", "pipe", "pipe"] });
  let lastOutput = Date.now();
  let routes = 0;
  let inRouteTable = false;
  const show = (line: string, fromStdout: boolean) => {
    lastOutput = Date.now();
    if (fromStdout && /^Route \(/.test(line)) inRouteTable = true;
    // The table is on stdout; whatever comes on stderr is shown.
    if (fromStdout && inRouteTable) {
      if (/^[┌├└]/.test(line)) routes++;
      return;
    }
    if (line.trim()) log(`  [${elapsed(Date.now() - started)}] ${line.trimEnd()}`);
  };
  createInterface({ input: child.stdout }).on("line", (line) => show(line, true));
  createInterface({ input: child.stderr }).on("line", (line) => show(line, false));
  const ticker = setInterval(
    () => {
      if (Date.now() - lastOutput >= quietMs) {
        lastOutput = Date.now();
        log(`  [${elapsed(Date.now() - started)}] … still building`);
      }
    },
    Math.min(quietMs, 1_000),
  );
  return new Promise((resolve) => {
    child.once("error", (error) => {
      clearInterval(ticker);
      log(`The build could not be started: ${error.message}`);
      resolve(1);
    });
    child.once("close", (code) => {
      clearInterval(ticker);
      const took = elapsed(Date.now() - started);
      if (code === 0) log(`Built in ${took}${routes ? ` (${routes} routes; \`npx next build\` lists them)` : ""}.`);
      else log(`The build failed after ${took} (exit code ${code}); its output is above.`);
      resolve(code ?? 1);
    });
  });
}
