// Shared with the browser (the settings form): nothing here may reach the server's modules.

/** What a secret setting is answered as, once set (PostHog's SECRET_FIELD_VALUE): secrets are write-only. */
export const SECRET_FIELD_VALUE = "**************** POSTHOG SECRET FIELD ****************";

/** Keys a settings form (`config_schema`) marks secret. */
function secretFieldNames(schema: unknown): string[] {
  if (!Array.isArray(schema)) return [];
  return schema.filter((field) => field?.secret === true && typeof field.key === "string").map((field) => field.key as string);
}

/**
 * The keys an app keeps secret once its form becomes `schema`: those it kept before and those the form marks now. A
 * field once secret stays so, whatever the form later says (flag dropped, field renamed, type changed).
 */
export const rememberSecretFields = (remembered: readonly string[], schema: unknown): string[] =>
  [...new Set([...remembered, ...secretFieldNames(schema)])].sort();

/** Keys of an app's settings that are answered masked and stored sealed. */
export const secretKeysOf = (plugin: { secretFields: readonly string[]; configSchema: unknown }) =>
  new Set(rememberSecretFields(plugin.secretFields, plugin.configSchema));
