import { z } from "zod";
import { ZPathCleaningRule, ZPathCleaningRules } from "@/lib/analytics/paths/schemas";
import { OPERATORS } from "@/lib/analytics/filters/properties";
import { TEST_ACCOUNT_FILTER_TYPES, ZTestAccountFilters } from "@/lib/analytics/filters/test-accounts";
import { ZIntegerIdText } from "@/lib/db/integers";
import { TIMEZONES } from "./timezones";

/** How an organization lists its projects (`teams`, `projects`). */
export const ZProjectBasic = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    organization: z.uuid(),
    project_id: z.number().int(),
    api_token: z.string(),
    name: z.string().max(200),
    timezone: z.string(),
    /** Hedgerow has no per-project access control: always false. */
    access_control: z.boolean(),
    completed_snippet_onboarding: z.boolean(),
    has_completed_onboarding_for: z.record(z.string(), z.boolean()).nullable(),
    /** Whether the project has received an event. */
    ingested_event: z.boolean(),
    is_demo: z.boolean(),
  })
  .meta({ id: "ProjectBasic" });

/**
 * The settings posthog-js reads from the project's remote config (PostHog's team fields of the same names):
 * `autocapture_opt_out` stops autocapture, the others opt into what the SDK captures besides.
 */
const ZProjectClientSettings = z.object({
  autocapture_opt_out: z.boolean(),
  autocapture_exceptions_opt_in: z.boolean(),
  autocapture_web_vitals_opt_in: z.boolean(),
  capture_performance_opt_in: z.boolean(),
  capture_console_log_opt_in: z.boolean(),
  capture_dead_clicks: z.boolean(),
  heatmaps_opt_in: z.boolean(),
});

/** A saved test account filter, as analyses read it. */
const ZTestAccountFilter = z
  .object({
    key: z.string(),
    value: z.unknown().optional(),
    operator: z.enum(OPERATORS),
    type: z.enum(TEST_ACCOUNT_FILTER_TYPES),
  })
  .loose()
  .meta({ id: "TestAccountFilter" });

export const ZProject = ZProjectBasic.extend({
  /** Regex → alias rules a paths insight applies with `path_replacements: true`. */
  path_cleaning_filters: z.array(ZPathCleaningRule),
  /** Property filters `filter_test_accounts: true` (the "Filter out internal and test users" switch) adds. */
  test_account_filters: z.array(ZTestAccountFilter),
  /** Whether new insights start with that switch on. */
  test_account_filters_default_checked: z.boolean(),
  /** Capture neither records the sender's address as the events' `$ip` nor keeps an `$ip` they carry. */
  anonymize_ips: z.boolean(),
  ...ZProjectClientSettings.shape,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
}).meta({ id: "ProjectBackwardCompat" });

/** PostHog's onboarding keys are product names; a bounded map of them. */
const ZOnboardingFor = z
  .record(z.string().max(100), z.boolean())
  .refine((value) => Object.keys(value).length <= 100, "At most 100 products.")
  .nullable();

const projectFields = {
  name: z.string().trim().min(1).max(200),
  // Length first, so a huge value is refused without being echoed back as an unknown choice.
  timezone: z.string().max(240).pipe(z.enum(TIMEZONES)),
};

export const ZProjectCreate = z
  .object({ ...projectFields, timezone: projectFields.timezone.optional() })
  .meta({ id: "ProjectBackwardCompatCreate" });

export const ZProjectUpdate = z
  .object({
    ...projectFields,
    path_cleaning_filters: ZPathCleaningRules,
    test_account_filters: ZTestAccountFilters,
    test_account_filters_default_checked: z.boolean(),
    anonymize_ips: z.boolean(),
    ...ZProjectClientSettings.shape,
    completed_snippet_onboarding: z.boolean(),
    has_completed_onboarding_for: ZOnboardingFor,
  })
  .partial()
  .meta({ id: "PatchedProjectBackwardCompat" });

/** `projectId` is a number (so the route wrapper can check keys' scoped projects) or `@current`. */
export const ZProjectParams = z.object({
  projectId: z.union([z.literal("@current"), ZIntegerIdText]),
});

export type TProject = z.infer<typeof ZProject>;
export type TProjectClientSettings = z.infer<typeof ZProjectClientSettings>;
export type TProjectCreate = z.infer<typeof ZProjectCreate>;
export type TProjectUpdate = z.infer<typeof ZProjectUpdate>;
export type TProjectId = z.output<typeof ZProjectParams>["projectId"];
