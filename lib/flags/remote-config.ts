import { eq } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { ApiError, notFound, validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { projects } from "@/lib/db/schema";
import type { TProjectClientSettings } from "@/lib/projects/schemas";
import { siteAppLoadersScript } from "@/lib/plugins/site-apps/apps";
import { projectClientSettings } from "@/lib/projects/service";

/** What a project's SDKs get when it has changed none of its settings (PostHog's team defaults). */
export const DEFAULT_CLIENT_SETTINGS: TProjectClientSettings = {
  autocapture_opt_out: false,
  autocapture_exceptions_opt_in: false,
  autocapture_web_vitals_opt_in: false,
  capture_performance_opt_in: true,
  capture_console_log_opt_in: true,
  capture_dead_clicks: false,
  heatmaps_opt_in: false,
};

/**
 * The settings part of the config posthog-js runs with, shared by the remote config and `/decide`: what it
 * autocaptures, where it sends events, and the products Hedgerow does not serve (recordings, surveys) off. Site
 * apps come as code in `config.js` only, so their list here is empty. `capture_console_log_opt_in` only shapes
 * session recordings, which are off, so it changes nothing here, as in PostHog.
 */
export function sdkConfig(settings: TProjectClientSettings) {
  const performance = settings.capture_performance_opt_in || settings.autocapture_web_vitals_opt_in;
  return {
    supportedCompression: ["gzip", "gzip-js"],
    captureDeadClicks: settings.capture_dead_clicks,
    capturePerformance: performance
      ? {
          network_timing: settings.capture_performance_opt_in,
          web_vitals: settings.autocapture_web_vitals_opt_in,
          web_vitals_allowed_metrics: null,
        }
      : false,
    autocapture_opt_out: settings.autocapture_opt_out,
    autocaptureExceptions: settings.autocapture_exceptions_opt_in,
    analytics: { endpoint: "/i/v0/e/" },
    elementsChainAsString: true,
    sessionRecording: false,
    heatmaps: settings.heatmaps_opt_in,
    surveys: false,
    defaultIdentifiedOnly: true,
    siteApps: [] as never[],
  };
}

/** PostHog's `RemoteConfig.build_config`: the JSON served at `/array/<token>/config`. */
function remoteConfig(token: string, settings: TProjectClientSettings) {
  return {
    token,
    hasFeatureFlags: false,
    ...sdkConfig(settings),
    errorTracking: { autocaptureExceptions: settings.autocapture_exceptions_opt_in, suppressionRules: [] },
  };
}

/**
 * `/array/<token>/config.js`: the script that hands the config to posthog-js under its token. Site apps, the
 * script's other part, come as code in `siteApps` (run by posthog-js when the page sets `opt_in_site_apps`), so
 * the JSON's list of them is left out.
 */
async function remoteConfigScript(token: string, project: ConfiguredProject): Promise<string> {
  const { siteApps: _siteApps, ...config } = remoteConfig(token, project.settings);
  const key = JSON.stringify(token);
  return [
    "(function() {",
    "  window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {};",
    `  window._POSTHOG_REMOTE_CONFIG[${key}] = {`,
    `    config: ${JSON.stringify(config)},`,
    `    siteApps: ${await siteAppLoadersScript(project.id)}`,
    "  }",
    "})();",
  ].join("\n");
}

/** PostHog's check: tokens are `phc_…`, older ones random strings of letters, digits, `_` and `-`. */
function checkToken(token: string): string {
  if (token.length > 200 || !/^[a-zA-Z0-9_-]+$/.test(token)) throw validationError("Invalid token", null, "invalid");
  return token;
}

type ConfiguredProject = { id: number; settings: TProjectClientSettings };

/** The project whose token this is, with its settings; read afresh, so a change reaches the next page load. */
async function projectForToken(token: string): Promise<ConfiguredProject> {
  const db = await getDb();
  const [project] = await db
    .select()
    .from(projects)
    .where(eq(projects.apiToken, checkToken(token)));
  if (!project) throw notFound();
  return { id: project.id, settings: projectClientSettings(project) };
}

type RouteContext = { params: Promise<{ token: string }> };

/**
 * The answer of `/array/<token>/config` (JSON) or `/array/<token>/config.js` (script). Any site may load them (no
 * credentials), browsers and proxies keep them 5 minutes, and they vary with the page asking, as PostHog's.
 */
export async function remoteConfigAnswer(format: "json" | "js", token: string): Promise<Response> {
  let response: Response;
  try {
    const project = await projectForToken(token);
    response =
      format === "json"
        ? Response.json(remoteConfig(token, project.settings))
        : new Response(await remoteConfigScript(token, project), {
            headers: { "Content-Type": "application/javascript; charset=utf-8" },
          });
    response.headers.set("Cache-Control", "public, max-age=300");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    response = Response.json(error.body, { status: error.status });
  }
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Vary", "Origin, Referer");
  return response;
}

/** The route-handler exports of `/array/<token>/config` or `config.js`. */
export function remoteConfigRoute(format: "json" | "js") {
  const GET = async (_req: NextRequest, ctx: RouteContext) => remoteConfigAnswer(format, (await ctx.params).token);
  return { GET };
}
