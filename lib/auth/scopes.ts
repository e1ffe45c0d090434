/** The scope objects of PostHog's 2024 API (`posthog/models/scopes.py`). */
export const SCOPE_OBJECTS = [
  "action",
  "activity_log",
  "alert",
  "annotation",
  "batch_export",
  "cohort",
  "dashboard",
  "dashboard_template",
  "early_access_feature",
  "event_definition",
  "experiment",
  "export",
  "feature_flag",
  "group",
  "insight",
  "query",
  "notebook",
  "organization",
  "organization_member",
  "person",
  "plugin",
  "project",
  "property_definition",
  "session_recording",
  "session_recording_playlist",
  "sharing_configuration",
  "subscription",
  "survey",
  "user",
  "webhook",
] as const;

type ScopeObject = (typeof SCOPE_OBJECTS)[number];
export type Scope = `${ScopeObject}:${"read" | "write"}`;

export function isValidScope(scope: string): boolean {
  if (scope === "*") return true;
  const [object, access, ...rest] = scope.split(":");
  return rest.length === 0 && (access === "read" || access === "write") && (SCOPE_OBJECTS as readonly string[]).includes(object);
}

/** A key's scopes grant `required` when they hold `*`, it, or the write scope of a required read. Empty = legacy, all. */
export function scopesGrant(granted: readonly string[] | null, required: Scope): boolean {
  if (!granted || granted.length === 0 || granted.includes("*") || granted.includes(required)) return true;
  const [object, access] = required.split(":");
  return access === "read" && granted.includes(`${object}:write`);
}
