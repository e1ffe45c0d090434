// The API's shapes as the browser receives them, inferred from the zod schemas the API answers with (types only).
import type { z } from "zod";
import type { ZFunnelStep } from "@/lib/analytics/funnels/schemas";
import type { ZTrendItem } from "@/lib/analytics/trends/endpoints";
import type { ZRetentionBreakdownRow, ZRetentionCohort } from "@/lib/analytics/retention/schemas";
import type { ZApiError } from "@/lib/openapi/schemas";
import type { ZDashboard, ZDashboardBasic, ZDashboardTile } from "@/lib/dashboards/schemas";
import type { ZActivityPage, ZInsight, ZInsightBasic, ZSharingConfiguration } from "@/lib/insights/schemas";

export type { TApiKey } from "@/lib/api-keys/schemas";
export type { TDomain } from "@/lib/domains/schemas";
export type { TInvite, TInvitePreview } from "@/lib/invites/schemas";
export type { TMember } from "@/lib/members/schemas";
export type { TOrganization } from "@/lib/organizations/schemas";
export type { TCatalogEntry, TPlugin, TPluginConfig } from "@/lib/plugins/schemas";
export type { TProject } from "@/lib/projects/schemas";
export type { TUser } from "@/lib/users/schemas";

/** The PostHog error body every API failure carries: `{type, code, detail, attr}`. */
export type TApiErrorBody = z.infer<typeof ZApiError>;

// What the analyses answer, one item of `result` each.
export type TTrendItem = z.output<typeof ZTrendItem>;
export type TFunnelStep = z.output<typeof ZFunnelStep>;
type TRetentionCohort = z.output<typeof ZRetentionCohort>;
/** A row of a retention result: a cohort, or with `breakdowns` a breakdown value. */
export type TRetentionRow = TRetentionCohort | z.output<typeof ZRetentionBreakdownRow>;
export type { TPathEdge } from "@/lib/analytics/paths/schemas";
/** A page of the persons behind a data point or a funnel step. */
export type TActorsPage = z.output<typeof import("@/lib/analytics/actors/schemas").ZActorsResponse>;
/** A page of the persons of a retention row, with the intervals each came back in. */
export type TRetentionActorsPage = z.output<typeof import("@/lib/analytics/retention/schemas").ZRetentionActorsResponse>;

export type TAction = z.output<typeof import("@/lib/actions/schemas").ZAction>;
export type TActivityPage = z.output<typeof ZActivityPage>;

export type { TEventDefinition, TPropertyDefinition } from "@/lib/definitions/schemas";
export type TDefinitionUpdate = z.input<typeof import("@/lib/definitions/schemas").ZEventDefinitionUpdate>;
export type TInsightUsage = z.output<typeof import("@/lib/insights/usage").ZInsightUsage>;
export type TActionWriteBody = z.input<typeof import("@/lib/actions/schemas").ZActionWrite>;
export type TActionMatchingCount = z.output<typeof import("@/lib/actions/schemas").ZActionMatchingCount>;
/** A value of `/events/values/` (name only) or `/persons/values/` (with the number of persons). */
export type TPropertyValue =
  | z.output<typeof import("@/lib/definitions/schemas").ZPersonPropertyValue>
  | z.output<typeof import("@/lib/definitions/schemas").ZEventPropertyValue>;

/** What the analysis endpoints answer: `result` plus cache facts (and, per kind, a few more fields). */
export interface AnalysisResponse<R = unknown> {
  result: R;
  last_refresh?: string | null;
  is_cached?: boolean;
  timezone?: string;
  [key: string]: unknown;
}

// Saved insights and dashboards
export type TInsightBasic = z.output<typeof ZInsightBasic>;
export type TInsight = z.output<typeof ZInsight>;
export type TDashboardBasic = z.output<typeof ZDashboardBasic>;
export type TDashboard = z.output<typeof ZDashboard>;
export type TDashboardTile = z.output<typeof ZDashboardTile>;
export type TSharingConfiguration = z.output<typeof ZSharingConfiguration>;

export type { TEvent, TEventSummary } from "@/lib/events/schemas";
export type { TPerson } from "@/lib/persons/schemas";
export type { TGroup, TGroupType } from "@/lib/groups/schemas";
export type { TRelatedActors } from "@/lib/groups/related-schemas";
// Batch exports (issue 9)
export type { TBatchExport, TBatchExportBackfill, TBatchExportLogEntry, TBatchExportRun } from "@/lib/batch-exports/schemas";
export type TBatchExportDestinationType = import("@/lib/batch-exports/schemas").DestinationType;
export type TBatchExportRunStatus = import("@/lib/batch-exports/schemas").BatchExportRunStatus;
/** What the create form sends (the update form a part of it). */
export type TBatchExportWrite = z.input<typeof import("@/lib/batch-exports/schemas").ZBatchExportCreate>;
export type TBatchExportUpdateBody = z.input<typeof import("@/lib/batch-exports/schemas").ZBatchExportUpdate>;
/** What "test connection" tries (a destination as the form has it), and its answer. */
export type TConnectionTestBody = z.input<typeof import("@/lib/batch-exports/connection").ZDestinationTest>;
export type TConnectionTest = z.output<typeof import("@/lib/batch-exports/connection").ZDestinationTestResult>;
