import { z } from "zod";
import { ZInteger, ZIntegerIdText } from "@/lib/db/integers";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";

/** The four pipeline families; each lists the apps whose `capabilities` put them there. */
const PIPELINE_FAMILIES = ["pipeline_destinations", "pipeline_frontend_apps", "pipeline_import_apps", "pipeline_transformations"] as const;
export type PipelineFamily = (typeof PIPELINE_FAMILIES)[number];

/** Bounds on what sizes an app's storage: fields of its settings form, source files and their size. */
const MAX_CONFIG_FIELDS = 100;
export const MAX_SOURCE_FILES = 20;
const MAX_SOURCE_FILE_CHARS = 500_000;
const MAX_CONFIG_VALUE_CHARS = 10_000;
const MAX_JSON_CHARS = 65_536;

/** Free-form JSON (`metrics`, `public_jobs`), bounded in size once serialized. */
const ZBoundedJsonObject = z.record(z.string().max(200), z.unknown()).refine((value) => JSON.stringify(value).length <= MAX_JSON_CHARS, {
  message: `Ensure this value has at most ${MAX_JSON_CHARS} characters once serialized.`,
});

/** One field of an app's settings form: PostHog's plugin.json `config` entry. */
const ZConfigField = z
  .object({
    key: z.string().min(1).max(200).optional(),
    name: z.string().max(200).optional(),
    type: z.enum(["string", "json", "choice", "attachment", "markdown"]).optional(),
    default: z.union([z.string().max(MAX_CONFIG_VALUE_CHARS), z.number(), z.boolean()]).optional(),
    hint: z.string().max(2_000).optional(),
    markdown: z.string().max(MAX_CONFIG_VALUE_CHARS).optional(),
    required: z.boolean().optional(),
    secret: z.boolean().optional(),
    choices: z.array(z.string().max(200)).max(100).optional(),
    order: ZInteger.optional(),
  })
  .refine((field) => field.type === "markdown" || field.key !== undefined, {
    message: "Every field but markdown needs a key.",
    path: ["key"],
  })
  .refine((field) => field.type !== "choice" || (field.choices?.length ?? 0) > 0, {
    message: "A choice field needs choices.",
    path: ["choices"],
  })
  .meta({ id: "PluginConfigField" });
export type TConfigField = z.infer<typeof ZConfigField>;

/** The settings form: a list of fields with distinct keys (or `{}`, PostHog's default, for none). */
export const ZConfigSchema = z
  .union([
    z
      .array(ZConfigField)
      .max(MAX_CONFIG_FIELDS)
      .refine((fields) => new Set(fields.map((f) => f.key).filter(Boolean)).size === fields.filter((f) => f.key).length, {
        message: "Keys of config fields must be unique.",
      }),
    z.object({}).strict(),
  ])
  .meta({ id: "PluginConfigSchema" });

const ZTaskNames = z.array(z.string().min(1).max(200)).max(50);

/** PostHog's `{methods, scheduled_tasks, jobs}`: which family an app is in. */
const ZCapabilities = z
  .object({ methods: ZTaskNames.optional(), scheduled_tasks: ZTaskNames.optional(), jobs: ZTaskNames.optional() })
  .strict()
  .meta({ id: "PluginCapabilities" });

const PLUGIN_TYPES = ["local", "custom", "repository", "source", "inline", ""] as const;

const pluginFields = {
  plugin_type: z.enum(PLUGIN_TYPES).nullable(),
  name: z.string().max(200).nullable(),
  description: z.string().max(5_000).nullable(),
  icon: z.string().max(800).nullable(),
  config_schema: ZConfigSchema,
  tag: z.string().max(200).nullable(),
  is_global: z.boolean(),
  capabilities: ZCapabilities,
  metrics: ZBoundedJsonObject.nullable(),
  public_jobs: ZBoundedJsonObject.nullable(),
};

export const ZPlugin = z
  .object({
    id: z.number().int(),
    ...pluginFields,
    url: z.string().nullable(),
    latest_tag: z.string().nullable(),
    organization_id: z.uuid(),
    organization_name: z.string(),
    hog_function_migration_available: z.boolean(),
  })
  .meta({ id: "Plugin" });

/** Create: the fields above, and `url` naming a catalog app to install from it. */
export const ZPluginCreate = z
  .object({ ...pluginFields, url: z.string().max(800) })
  .partial()
  .meta({ id: "PluginCreate" });

export const ZPluginUpdate = z.object(pluginFields).partial().meta({ id: "PatchedPlugin" });

/** `update_source`: file name → new source, or null to delete the file. */
export const ZSourceFiles = z
  .record(
    z.string().regex(/^[\w][\w.\-/]{0,199}$/, "Ensure file names are at most 200 letters, digits, _, -, . and /."),
    z.string().max(MAX_SOURCE_FILE_CHARS).nullable(),
  )
  .refine((files) => Object.keys(files).length <= MAX_SOURCE_FILES, { message: `Ensure there are at most ${MAX_SOURCE_FILES} files.` })
  .meta({ id: "PluginSourceUpdate" });

export const ZSourceMap = z.record(z.string(), z.string()).meta({ id: "PluginSource" });

export const ZCatalogEntry = z
  .object({
    name: z.string(),
    url: z.string(),
    description: z.string(),
    icon: z.string(),
    verified: z.boolean(),
    maintainer: z.enum(["official", "community"]),
    type: z.enum(["transformation", "destination", "import", "site_app"]),
    tag: z.string(),
    capabilities: ZCapabilities,
    config: z.array(ZConfigField),
  })
  .meta({ id: "PluginRepositoryEntry" });

export const ZPluginParams = ZOrganizationParams.extend({ pluginId: ZIntegerIdText });

// ---- plugin configs (an app set up in a project) ----

const ZConfigValue = z.union([z.string().max(MAX_CONFIG_VALUE_CHARS), z.number(), z.boolean()]).nullable();

const ZConfigValues = z
  .record(z.string().min(1).max(200), ZConfigValue)
  .refine((values) => Object.keys(values).length <= MAX_CONFIG_FIELDS, {
    message: `Ensure there are at most ${MAX_CONFIG_FIELDS} settings.`,
  });

/** `enabled` switches on the apps Hedgerow runs (RUN_BY_HEDGEROW); the others are kept, not run. */
const ZEnabled = z
  .boolean()
  .describe(
    "Whether the app is switched on in the project. Hedgerow runs its built-in transformations on capture and delivers to its built-in destinations (Webhook, Replicator); other apps are saved and answered, but not run.",
  );

/** PostHog's `error`: why the app stopped, here set when Hedgerow disabled a destination that kept failing. */
const ZPluginConfigError = z
  .object({ message: z.string(), time: z.iso.datetime() })
  .nullable()
  .describe(
    "Why Hedgerow disabled the app (a destination whose deliveries kept failing); null otherwise, and cleared when it is enabled again.",
  );

export const ZPluginConfig = z
  .object({
    id: z.number().int(),
    plugin: z.number().int(),
    enabled: ZEnabled,
    order: z.number().int(),
    config: z.record(z.string(), ZConfigValue),
    error: ZPluginConfigError,
    team_id: z.number().int(),
    plugin_info: ZPlugin.nullable(),
    delivery_rate_24h: z.null(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: "PluginConfig" });

export const ZPluginConfigCreate = z
  .object({ plugin: ZInteger, enabled: ZEnabled.optional(), order: ZInteger.optional(), config: ZConfigValues.optional() })
  .meta({ id: "PluginConfigCreate" });

export const ZPluginConfigUpdate = z
  .object({ enabled: ZEnabled, order: ZInteger, config: ZConfigValues, deleted: z.boolean() })
  .partial()
  .meta({ id: "PatchedPluginConfig" });

export const ZPluginConfigParams = ZProjectParams.extend({ configId: ZIntegerIdText });

export type TPlugin = z.infer<typeof ZPlugin>;
export type TPluginCreate = z.infer<typeof ZPluginCreate>;
export type TPluginUpdate = z.infer<typeof ZPluginUpdate>;
export type TCatalogEntry = z.infer<typeof ZCatalogEntry>;
export type TPluginConfig = z.infer<typeof ZPluginConfig>;
export type TPluginConfigCreate = z.infer<typeof ZPluginConfigCreate>;
export type TPluginConfigUpdate = z.infer<typeof ZPluginConfigUpdate>;
