import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import type { CapturedEvent } from "@/lib/ingestion/types";
import type { TProjectId } from "@/lib/projects/schemas";
import { openStoredFields } from "@/lib/secrets/at-rest";
import { projectConfig } from "./configs";
import { builtInDestination } from "./destinations/apps";
import { logNow } from "./observe/tally";
import type { DestinationEvent } from "./destinations/kinds";
import type { TPluginConfigTest, TPluginConfigTestResult } from "./test-schemas";
import { ConfigProblem } from "./transformations/kinds";
import { builtInTransformation, withinLimit } from "./transformations/run";

/** The event an app is tested on when none is given: a browser `$pageview` most built-in apps change. */
const SAMPLE_EVENT = {
  event: "$pageview",
  distinct_id: "sample-user",
  properties: {
    $current_url: "https://Example.com/pricing/?utm_source=newsletter#plans",
    $raw_user_agent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    $ip: "89.160.20.128",
    $lib: "web",
    plan: { name: "team", seats: 5 },
  },
  timestamp: "2024-06-01T12:30:00.000Z",
};

function capturedOf(given: TPluginConfigTest["event"]): CapturedEvent {
  const event = given ?? SAMPLE_EVENT;
  return {
    uuid: given?.uuid ?? crypto.randomUUID(),
    event: event.event,
    distinctId: event.distinct_id ?? "sample-user",
    properties: event.properties ?? {},
    timestamp: event.timestamp ? new Date(event.timestamp) : new Date(),
  };
}

const answeredEvent = (event: CapturedEvent) => ({
  uuid: event.uuid,
  event: event.event,
  distinct_id: event.distinctId,
  properties: event.properties,
  timestamp: event.timestamp.toISOString(),
});

const destinationEventOf = (event: CapturedEvent, projectId: number): DestinationEvent => ({
  event: { ...answeredEvent(event), elements_chain: "" },
  person: null,
  projectId,
});

/** An app's settings refused as they are: the same 400 enabling it would answer. */
function prepared<T>(prepare: () => T): T {
  try {
    return prepare();
  } catch (error) {
    if (error instanceof ConfigProblem) throw validationError(error.message, `config__${error.key}`, "invalid");
    throw error;
  }
}

const logTest = (configId: number, event: CapturedEvent, outcome: string) =>
  logNow({ configId, source: "SYSTEM", type: "INFO", message: `Test run on a ${event.event} event: ${outcome}.`, eventUuid: event.uuid });

/**
 * Runs one set-up's app, with its current settings, on the given event (or a sample one) and answers what it would do:
 * a transformation's output event, or a destination's requests. Nothing is stored or sent.
 */
export async function testPluginConfig(
  actor: Actor,
  projectId: TProjectId,
  configId: number,
  input: TPluginConfigTest,
): Promise<TPluginConfigTestResult> {
  const { config, plugin } = await projectConfig(actor, projectId, configId);
  const values = openStoredFields(config.config);
  const event = capturedOf(input.event);
  const transformation = builtInTransformation(plugin.url);
  if (transformation) {
    const transform = prepared(() => transformation.prepare(values));
    const answer = transform(structuredClone(event));
    const output = answer instanceof Promise ? await withinLimit(answer) : answer;
    await logTest(config.id, event, output ? "the transformed event answered" : "the event dropped");
    return { kind: "transformation", input: answeredEvent(event), event: output && answeredEvent(output), requests: null };
  }
  const destination = builtInDestination(plugin.url);
  if (destination) {
    const requests = prepared(() => destination.prepare(values)).preview(destinationEventOf(event, config.projectId));
    await logTest(config.id, event, `${requests.length} requests answered, none sent`);
    return { kind: "destination", input: answeredEvent(event), event: null, requests };
  }
  throw validationError("Hedgerow does not run this app, so it cannot be tested.", null, "not_run");
}
