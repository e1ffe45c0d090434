import { z } from "zod";
import { ZProjectBasic } from "@/lib/projects/schemas";

/** Hedgerow has no paid plans: every feature PostHog gates is available to every organization. */
export const AVAILABLE_PRODUCT_FEATURES = [
  { key: "organizations_projects", name: "Multiple organizations and projects" },
  { key: "tagging", name: "Tagging" },
  { key: "automatic_provisioning", name: "Automatic provisioning" },
  { key: "sso_enforcement", name: "SSO enforcement" },
  { key: "saml", name: "SAML SSO" },
  { key: "social_sso", name: "Social SSO" },
  { key: "advanced_permissions", name: "Advanced permissions" },
  { key: "project_based_permissioning", name: "Project-based permissioning" },
  { key: "organization_invite_settings", name: "Invite settings" },
  { key: "data_pipelines", name: "Data pipelines" },
  { key: "batch_exports", name: "Batch exports" },
  { key: "app_metrics", name: "App metrics" },
  { key: "dashboard_collaboration", name: "Dashboard collaboration" },
  { key: "insights", name: "Insights" },
  { key: "funnels", name: "Funnels" },
  { key: "retention", name: "Retention" },
  { key: "paths_advanced", name: "Advanced paths" },
  { key: "correlation_analysis", name: "Correlation analysis" },
  { key: "group_analytics", name: "Group analytics" },
  { key: "2fa_enforcement", name: "2FA enforcement" },
];

export const ZOrganization = z
  .object({
    id: z.uuid(),
    name: z.string().max(64),
    slug: z.string(),
    logo_media_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    membership_level: z.number().int().nullable(),
    plugins_access_level: z.number().int(),
    teams: z.array(ZProjectBasic),
    projects: z.array(ZProjectBasic),
    available_product_features: z.array(z.object({ key: z.string(), name: z.string() })),
    is_member_join_email_enabled: z.boolean(),
    metadata: z.record(z.string(), z.unknown()),
    customer_id: z.string().nullable(),
    enforce_2fa: z.boolean().nullable(),
    member_count: z.number().int(),
  })
  .meta({ id: "Organization" });

const organizationFields = {
  name: z.string().trim().min(1).max(64),
  logo_media_id: z.uuid().nullable(),
  is_member_join_email_enabled: z.boolean(),
  enforce_2fa: z.boolean().nullable(),
};

export const ZOrganizationCreate = z
  .object({
    ...organizationFields,
    logo_media_id: organizationFields.logo_media_id.optional(),
    is_member_join_email_enabled: organizationFields.is_member_join_email_enabled.optional(),
    enforce_2fa: organizationFields.enforce_2fa.optional(),
  })
  .meta({ id: "OrganizationCreate" });

export const ZOrganizationUpdate = z.object(organizationFields).partial().meta({ id: "PatchedOrganization" });

export const ZOrganizationParams = z.object({ organizationId: z.union([z.literal("@current"), z.uuid()]) });

export type TOrganization = z.infer<typeof ZOrganization>;
export type TOrganizationCreate = z.infer<typeof ZOrganizationCreate>;
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;
