// Time to load the demo through capture: N demo events (default 10,000,000) generated, gzipped and sent to
// POST /batch/ by scripts/demo/send.ts, as `npm start` seeds them, on the built server (`scripts/serve.mjs`) with the chDB event store;
// then every event is counted in the store. Run after `npx next build`:
//   npx tsx bench/load-demo.ts  [--events 10000000] [--concurrency 4] [--max-seconds 3600]
// --max-seconds stops a load that would take too long: the rate so far is reported and the full time is an
// extrapolation, labelled as one.
import { generateDemoEvents } from "../scripts/demo/generate";
import { batchBody, sendEvents } from "../scripts/demo/send";
import { arg, countStored, load, peakRssMb, rssSplit, startWithProject } from "./events";

const EVENTS = Number(arg("events", "10000000"));
const CONCURRENCY = Number(arg("concurrency", "4"));
const MAX_SECONDS = Number(arg("max-seconds", "3600"));

// The client's own cost, measured alone on a slice: generating and gzipping demo batches.
const sample = Math.min(EVENTS, 200_000);
const clientStarted = Date.now();
for (const batch of generateDemoEvents({ events: sample, now: Date.now() })) await batchBody("phc_x", batch, true);
const clientRate = Math.round(sample / ((Date.now() - clientStarted) / 1000));
console.log(`Client alone (generate + JSON + gzip): ${clientRate.toLocaleString("en-US")} events/s on one core.`);

const { server, apiToken, projectId } = await startWithProject();
const pid = server.process.pid!;
const loadBefore = load();
const deadline = Date.now() + MAX_SECONDS * 1000;
let lastReport = 0;

/** The demo's batches, cut off at the deadline. */
function* untilDeadline() {
  for (const batch of generateDemoEvents({ events: EVENTS, now: Date.now() })) {
    if (Date.now() > deadline) return;
    yield batch;
  }
}

const result = await sendEvents(untilDeadline(), {
  host: server.baseUrl,
  apiKey: apiToken,
  concurrency: CONCURRENCY,
  onProgress: ({ events, elapsedMs }) => {
    if (events - lastReport >= EVENTS / 20) {
      lastReport = events;
      console.log(
        `  ${events.toLocaleString("en-US")} events, ${Math.round(events / (elapsedMs / 1000)).toLocaleString("en-US")}/s, server RSS peak ${peakRssMb(pid)} MB, load ${load()}`,
      );
    }
  },
});
const peak = peakRssMb(pid);
const resident = rssSplit(pid);
const loadAfter = load();
const stored = await countStored(server, projectId);
const seconds = result.elapsedMs / 1000;
const rate = result.events / seconds;
console.log(
  `\nLoaded ${result.events.toLocaleString("en-US")} of ${EVENTS.toLocaleString("en-US")} demo events in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString("en-US")} events/s (${result.requests} requests of 500, ${result.retries} retries, ${CONCURRENCY} in flight).`,
);
if (result.events < EVENTS)
  console.log(
    `Stopped at --max-seconds ${MAX_SECONDS}: ${EVENTS.toLocaleString("en-US")} events would take about ${(EVENTS / rate / 60).toFixed(0)} min at this rate (an extrapolation, not a measurement).`,
  );
console.log(
  `Stored after stopping: ${stored.rows.toLocaleString("en-US")} rows, ${stored.uuids.toLocaleString("en-US")} distinct uuids` +
    (stored.uuids === result.events && stored.rows === result.events ? " — every event, once." : " — MISMATCH."),
);
console.log(
  `Server peak RSS (VmHWM, process tree): ${peak} MB; resident at the end: ${resident}. Load average before ${loadBefore}, after ${loadAfter} (2 cores).`,
);
