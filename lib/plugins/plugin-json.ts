import { validationError } from "@/lib/api/errors";
import { ZConfigSchema } from "./schemas";

export const PLUGIN_JSON = "plugin.json";

export interface PluginJson {
  name: string;
  /** The settings form, when the file declares one. */
  config?: unknown[] | Record<string, never>;
}

/**
 * Reads a `plugin.json` written through `update_source/`: a JSON object with a `name`, and a `config` that is a
 * well-formed settings form. Anything else is a 400 on the file, with what is wrong.
 */
export function parsePluginJson(source: string): PluginJson {
  const refuse = (detail: string) => validationError(detail, PLUGIN_JSON);
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw refuse(`plugin.json is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw refuse("plugin.json must be a JSON object.");
  const { name, config } = parsed as { name?: unknown; config?: unknown };
  if (typeof name !== "string" || !name.trim()) throw refuse('plugin.json must have a "name".');
  if (name.length > 200) throw refuse('The "name" of plugin.json must be at most 200 characters.');
  if (config === undefined) return { name };
  const checked = ZConfigSchema.safeParse(config);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue.path.length ? ` (config.${issue.path.join(".")})` : "";
    throw refuse(`The "config" of plugin.json is not a valid settings form${where}: ${issue.message}`);
  }
  return { name, config: checked.data };
}
