import { z } from "zod";

/** A test event's JSON is at most this large: it is run through one app, never stored. */
const MAX_TEST_EVENT_CHARS = 64 * 1024;

const ZTestEvent = z
  .object({
    uuid: z.uuid().optional(),
    event: z.string().min(1).max(200),
    distinct_id: z.string().min(1).max(200).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    timestamp: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((event) => JSON.stringify(event).length <= MAX_TEST_EVENT_CHARS, {
    message: `Ensure the event is at most ${MAX_TEST_EVENT_CHARS} characters of JSON.`,
  })
  .meta({ id: "PluginConfigTestEvent" });

export const ZPluginConfigTest = z
  .object({
    event: ZTestEvent.optional().describe("The event to run the app on; a sample `$pageview` when left out."),
  })
  .meta({ id: "PluginConfigTest" });

const ZOutputEvent = z.object({
  uuid: z.string(),
  event: z.string(),
  distinct_id: z.string(),
  properties: z.record(z.string(), z.unknown()),
  timestamp: z.iso.datetime(),
});

const ZPreviewRequest = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()).describe("Secret header values masked."),
  body: z.unknown(),
});

export const ZPluginConfigTestResult = z
  .object({
    kind: z.enum(["transformation", "destination"]),
    input: ZOutputEvent.describe("The event the app was run on."),
    event: ZOutputEvent.nullable().describe("A transformation's output: the changed event, or null when the app drops it."),
    requests: z
      .array(ZPreviewRequest)
      .nullable()
      .describe("A destination's requests for the event, not sent (none when it does not take the event); null for a transformation."),
  })
  .meta({ id: "PluginConfigTestResult" });

export type TPluginConfigTest = z.infer<typeof ZPluginConfigTest>;
export type TPluginConfigTestResult = z.infer<typeof ZPluginConfigTestResult>;
