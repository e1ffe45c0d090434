import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

// A cycle makes module order matter (a value read before its module ran is `undefined`) and ties features that
// should stand alone. Type-only imports count too: they are how a cycle starts.
test("no import cycles in app, components, lib and scripts", { timeout: 60_000 }, async () => {
  const tree = await parseDependencyTree(["app/**/*.{ts,tsx}", "components/**/*.tsx", "lib/**/*.ts", "scripts/**/*.ts"], {
    cwd: root,
    context: root,
    tsconfig: path.join(root, "tsconfig.json"),
    transform: false,
    exclude: /node_modules|\.test\.ts$/,
  });
  const cycles = parseCircular(tree).map((cycle) => cycle.join(" -> "));
  expect(cycles).toEqual([]);
});
