// What recording definitions costs ingestion's hot path, in CPU: `newDefinitions` over demo events in groups of
// 1,000 (as a group commit hands them over), first with nothing known (every name new), then in the steady
// state (every name known, the case of almost every group). CPU time, so a busy machine skews it little:
//   npx tsx bench/definitions.ts [--events 200000]
import { newDefinitions, rememberDefinitions } from "../lib/definitions/recording";
import { generateDemoEvents, type DemoEvent } from "../scripts/demo/generate";
import { arg } from "./events";

const EVENTS = Number(arg("events", "200000"));
const GROUP = 1_000;

const events: DemoEvent[] = [];
for (const batch of generateDemoEvents({ events: EVENTS, seed: 3, now: Date.now(), batchSize: GROUP })) events.push(...batch);
const groups: DemoEvent[][] = [];
for (let i = 0; i < events.length; i += GROUP) groups.push(events.slice(i, i + GROUP));
const properties = events.reduce((sum, e) => sum + Object.keys(e.properties).length, 0);

function pass(label: string, remember: boolean) {
  const cpu = process.cpuUsage();
  let found = 0;
  for (const group of groups) {
    const definitions = newDefinitions(1, group);
    found += definitions.events.length + definitions.properties.length + definitions.pairs.length;
    if (remember) rememberDefinitions(definitions);
  }
  const { user, system } = process.cpuUsage(cpu);
  const microseconds = user + system;
  console.log(
    `${label}: ${(microseconds / 1000).toFixed(0)} ms CPU for ${events.length.toLocaleString("en-US")} events ` +
      `(${((microseconds * 1000) / events.length).toFixed(0)} ns an event), ${found} new names found`,
  );
}

console.log(`${events.length.toLocaleString("en-US")} demo events, ${(properties / events.length).toFixed(1)} properties each on average`);
pass("first pass (nothing known)", true);
pass("steady state (everything known)", false);
pass("steady state, again", false);
