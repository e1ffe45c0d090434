// Ingestion beside this machine's floor, one line each (issue 34): capture's best rate against the ceiling of a
// bare node:http server that gunzips and parses the same batches plus the store's bare insert (bench/floor.ts
// --part capture); the bulk import against the engine's bare insert from a file (bench/floor.ts --part import);
// and the idle resident memory of `npm start` with the 100k demo (bench/idle-rss.ts). Each part runs as its own
// bench, one after another, so they never share the CPU; their output goes to stderr, the three lines to stdout.
// Run after `npx next build`, on an idle machine:
//   npx tsx bench/ingestion-vs-floor.ts [--events 1000000] [--seconds 15] [--connections 16,32]
import { spawn } from "node:child_process";
import { arg } from "./events";

const EVENTS = arg("events", "1000000");
const SECONDS = arg("seconds", "15");
const CONNECTIONS = arg("connections", "16,32");

/** Runs `bench/<script>` with `args`, its output shown on stderr; resolves with its stdout. */
function bench(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `bench/${script}`, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      process.stderr.write(chunk);
    });
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`bench/${script} exited with ${code}`))));
  });
}

/** The number the pattern's group holds in a bench's output (thousands separators allowed). */
function read(output: string, pattern: RegExp, what: string): number {
  const numbers = [...output.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((match) =>
    Number(match[1].replaceAll(",", "")),
  );
  if (numbers.length === 0) throw new Error(`no ${what} in the bench's output`);
  return Math.max(...numbers);
}

const percent = (value: number, floor: number) => ((100 * value) / floor).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const captureFloor = read(
  await bench("floor.ts", ["--part", "capture", "--seconds", SECONDS, "--connections", CONNECTIONS]),
  /Capture's floor here: .* at most ([\d,]+) events\/s/,
  "capture floor",
);
const capture = read(
  await bench("capture.ts", ["--seconds", SECONDS, "--connections", CONNECTIONS]),
  /^ {2}\d+ connections: ([\d,]+) events\/s/m,
  "capture rate",
);
const importFloor = read(
  await bench("floor.ts", ["--part", "import", "--events", EVENTS]),
  /The import's floor here: .* at most ([\d,]+) events\/s/,
  "import floor",
);
const imported = read(await bench("import.ts", ["--events", EVENTS]), /\(CLI start to exit\): ([\d,]+) events\/s/, "import rate");
const idle = read(await bench("idle-rss.ts", []), /^idle RSS: (\d+) MB/m, "idle RSS");

console.log(
  `capture: ${fmt(capture)} events/s = ${percent(capture, captureFloor)}% of this machine's floor (${fmt(captureFloor)} events/s)`,
);
console.log(
  `import: ${fmt(imported)} events/s = ${percent(imported, importFloor)}% of this machine's floor (${fmt(importFloor)} events/s)`,
);
console.log(`idle RSS: ${idle} MB (process tree, 100k demo)`);
