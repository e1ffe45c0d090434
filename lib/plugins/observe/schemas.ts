import { z } from "zod";

/** A log page holds at most this many lines. */
const MAX_LOG_LIMIT = 500;
const LOG_TYPES = ["INFO", "WARN", "ERROR"] as const;

export const ZPluginLogQuery = z.object({
  type_filter: z
    .string()
    .max(100)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.enum(LOG_TYPES)))
    .optional()
    .describe("Levels to answer, comma-separated (`ERROR,WARN`); all when left out"),
  search: z.string().max(200).optional().describe("Lines whose message contains this text (case-insensitive)"),
  before: z.iso.datetime({ offset: true }).optional().describe("Lines older than this time (the next page)"),
  limit: z.coerce.number().int().min(1).max(MAX_LOG_LIMIT).default(50).describe(`At most ${MAX_LOG_LIMIT}`),
});

const ZPluginLogEntry = z
  .object({
    id: z.string(),
    team_id: z.number().int(),
    plugin_id: z.number().int(),
    plugin_config_id: z.number().int(),
    timestamp: z.iso.datetime(),
    source: z.enum(["PLUGIN", "SYSTEM"]),
    type: z.enum(LOG_TYPES),
    message: z.string(),
    instance_id: z.string(),
    event_uuid: z.string().nullable().describe("The event the line is about, when one is"),
  })
  .meta({ id: "PluginLogEntry" });

export const ZPluginLogs = z.object({ results: z.array(ZPluginLogEntry) }).meta({ id: "PluginLogEntries" });

/** `-24h`, `-7d` (at most the retention) or a time. */
export const ZPluginMetricsQuery = z.object({
  after: z
    .string()
    .max(40)
    .regex(/^(-\d{1,3}[hd]|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/, "Use -24h, -7d or a date.")
    .default("-7d")
    .describe("From when: `-24h`, `-7d`, or a date; at most 30 days back"),
});

const ZCounts = z.object({ successes: z.number().int(), failures: z.number().int(), filtered: z.number().int() });

export const ZPluginMetrics = z
  .object({
    metrics: z.object({
      dates: z.array(z.iso.datetime()).describe("Each hour's start"),
      successes: z.array(z.number().int()),
      failures: z.array(z.number().int()),
      filtered: z.array(z.number().int()).describe("Dropped by a transformation or not matching a destination's filters"),
      totals: ZCounts,
    }),
  })
  .meta({ id: "PluginConfigMetrics" });

export type TPluginLogQuery = z.infer<typeof ZPluginLogQuery>;
export type TPluginLogs = z.infer<typeof ZPluginLogs>;
export type TPluginMetricsQuery = z.infer<typeof ZPluginMetricsQuery>;
export type TPluginMetrics = z.infer<typeof ZPluginMetrics>;
