import { expect, test } from "vitest";
import { buildWithProgress, elapsed } from "./build-progress";

/** A stand-in for `next build`: its output as Next prints it when piped, with a silence while it compiles. */
const FAKE_BUILD = `
const out = (line) => console.log(line);
out("▲ Next.js 16.4.6 (Turbopack)");
out("  Creating an optimized production build ...");
setTimeout(() => {
  out("✓ Compiled successfully in 73s");
  console.error("warning: something worth seeing");
  out("");
  out("Route (app)");
  out("┌ ƒ /");
  out("├ ƒ /api/projects");
  out("└ ƒ /signup");
  out("");
  out("○  (Static)   prerendered as static content");
  out("ƒ  (Dynamic)  server-rendered on demand");
  process.exit(Number(process.argv[1] ?? 0));
}, 700);
`;

const run = async (exitCode: number) => {
  const lines: string[] = [];
  const code = await buildWithProgress({
    command: process.execPath,
    args: ["-e", FAKE_BUILD, String(exitCode)],
    log: (line) => lines.push(line),
    quietMs: 150,
  });
  // The elapsed times vary; what is said, and in which order, does not.
  return {
    code,
    lines: lines.map((line) =>
      line
        .replace(/\[\d+:\d\d\]/, "[t]")
        .replace(/ in \d+:\d\d/, " in t")
        .replace(/after \d+:\d\d/, "after t"),
    ),
  };
};

test("the build's own lines, timed, a line while it is silent, and its route table summed up in one line", async () => {
  const { code, lines } = await run(0);
  expect(code).toBe(0);
  expect(lines[0]).toMatch(/^Building Hedgerow: first start only, usually 3–10 minutes/);
  const creating = lines.indexOf("  [t]   Creating an optimized production build ...");
  expect(lines.slice(creating - 1, creating + 2)).toEqual([
    "  [t] ▲ Next.js 16.4.6 (Turbopack)",
    "  [t]   Creating an optimized production build ...",
    "  [t] … still building",
  ]);
  expect(lines.indexOf("  [t] ✓ Compiled successfully in 73s")).toBeGreaterThan(creating + 1);
  expect(lines).toContain("  [t] warning: something worth seeing");
  expect(lines.join("\n")).not.toMatch(/Route \(app\)|\/api\/projects|\(Static\)/);
  expect(lines.at(-1)).toBe("Built in t (3 routes; `npx next build` lists them).");
});

test("a failed build says so last, its output kept", async () => {
  const { code, lines } = await run(2);
  expect(code).toBe(2);
  expect(lines).toContain("  [t] warning: something worth seeing");
  expect(lines.at(-1)).toBe("The build failed after t (exit code 2); its output is above.");
});

test("elapsed time reads as minutes and seconds", () => {
  expect(elapsed(65_400)).toBe("1:05");
  expect(elapsed(600_000)).toBe("10:00");
});
