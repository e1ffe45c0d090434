import { randomUUID } from "node:crypto";
import type { TProjectClientSettings } from "@/lib/projects/schemas";
import { projectClientSettings } from "@/lib/projects/service";
import { decodeCaptureBody, MalformedBody, type RawCaptureRequest } from "@/lib/capture/decode";
import { resolveToken } from "@/lib/capture/events";
import { projectForToken } from "@/lib/capture/projects";
import { flagsError } from "./errors";
import { DEFAULT_CLIENT_SETTINGS, sdkConfig } from "./remote-config";

/** `/decide` (Django, versions 1–4) or `/flags` (the Rust service, versions 1–2). */
export type FlagsEndpoint = "decide" | "flags";

/**
 * The config `/decide` answers next to the flags (`get_base_config`): the project's SDK settings, as its remote
 * config has them, and the legacy keys old SDKs read.
 */
function baseConfig(settings: TProjectClientSettings = DEFAULT_CLIENT_SETTINGS) {
  return {
    config: { enable_collect_everything: true },
    toolbarParams: {},
    isAuthenticated: false,
    flagsPersistenceDefault: false,
    ...sdkConfig(settings),
  };
}

/**
 * The flags part of the answer when a project has no feature flags, in the shape the version asks for:
 * decide v1 a list of enabled keys, v2 a dict of enabled flags, v3 all flags with payloads and errors,
 * v4+ (and `/flags` v2+) `flags` with details.
 */
export function emptyFlags(endpoint: FlagsEndpoint, version: number) {
  if (endpoint === "flags")
    return version >= 2
      ? { flags: {}, errorsWhileComputingFlags: false }
      : { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false };
  if (version >= 4) return { flags: {}, errorsWhileComputingFlags: false };
  if (version === 3) return { featureFlags: {}, errorsWhileComputingFlags: false, featureFlagPayloads: {} };
  if (version === 2) return { featureFlags: {} };
  return { featureFlags: [] };
}

/** `?v=`: absent is 1; unreadable is 2, as decide defaults it for a posthog-js 1.19 bug. */
export function flagsVersion(query: URLSearchParams): number {
  const raw = query.get("v");
  if (!raw) return 1;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : 2;
}

/** One `/decide` or `/flags` request (PostHog's `get_decide`): config and the (empty) flags of the token's project. */
export async function evaluateFlags(raw: RawCaptureRequest, endpoint: FlagsEndpoint, maxBytes: number) {
  // Django's answer to a GET: the default config and decide v2's flags.
  if (raw.method !== "POST") return { ...baseConfig(), ...emptyFlags("decide", 2) };
  const version = flagsVersion(raw.query);
  let payload: unknown;
  let form: URLSearchParams | null;
  try {
    ({ payload, form } = await decodeCaptureBody(raw, maxBytes));
  } catch (error) {
    if (error instanceof MalformedBody) throw flagsError.malformed(error.message);
    throw error;
  }
  const data = isObject(payload) ? payload : {};

  const token = resolveToken(payload, raw.query, form);
  if (!token) throw flagsError.noToken();
  const project = typeof token === "string" ? await projectForToken(token) : null;
  if (!project) throw flagsError.unknownToken();

  if (!isDisabled(data.disable_flags) && (data.distinct_id === undefined || data.distinct_id === null))
    throw flagsError.missingDistinctId();
  return { ...baseConfig(projectClientSettings(project)), ...emptyFlags(endpoint, version), requestId: randomUUID() };
}

/** Local evaluation's flag definitions (`/api/feature_flag/local_evaluation/`, `/flags/definitions`): none. */
export function emptyFlagDefinitions() {
  return { flags: [], group_type_mapping: {}, cohorts: {} };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** PostHog's `process_bool`: true, "true", 1, "1", "yes" disable the flags. */
const isDisabled = (value: unknown) => value === true || value === 1 || ["true", "1", "yes"].includes(String(value).toLowerCase());
