// The API's shapes as the browser receives them, inferred from the zod schemas the API answers with (types only).
import type { z } from "zod";
import type { ZFunnelStep } from "@/lib/analytics/funnels/schemas";
import type { ZTrendItem } from "@/lib/analytics/trends/endpoints";
import type { ZRetentionCohort } from "@/lib/analytics/retention/schemas";
import type { ZApiError } from "@/lib/openapi/schemas";

export type { TApiKey } from "@/lib/api-keys/schemas";
export type { TDomain } from "@/lib/domains/schemas";
export type { TInvite, TInvitePreview } from "@/lib/invites/schemas";
export type { TMember } from "@/lib/members/schemas";
export type { TOrganization } from "@/lib/organizations/schemas";
export type { TProject } from "@/lib/projects/schemas";
export type { TUser } from "@/lib/users/schemas";

/** The PostHog error body every API failure carries: `{type, code, detail, attr}`. */
export type TApiErrorBody = z.infer<typeof ZApiError>;

// What the analyses answer, one item of `result` each.
export type TTrendItem = z.output<typeof ZTrendItem>;
export type TFunnelStep = z.output<typeof ZFunnelStep>;
export type TRetentionCohort = z.output<typeof ZRetentionCohort>;
export type { TPathEdge } from "@/lib/analytics/paths/schemas";
