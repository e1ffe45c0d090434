import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { requireProjectAccess } from "@/lib/projects/access";
import { captureError } from "@/lib/capture/errors";
import { projectForToken } from "@/lib/capture/projects";
import { emptyFlagDefinitions } from "./evaluate";

const ZLocalEvaluationQuery = z.object({
  /** The project's API token; without it, the caller's current project. */
  token: z.string().max(200).optional(),
  send_cohorts: z.string().optional(),
});

export const ZLocalEvaluation = z
  .object({
    flags: z.array(z.record(z.string(), z.unknown())),
    group_type_mapping: z.record(z.string(), z.string()),
    cohorts: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "LocalEvaluationResponse" });

/**
 * What server SDKs (posthog-node's `personalApiKey`) poll to evaluate flags locally; served at `/flags/definitions`
 * too, the path newer SDKs use. Hedgerow has no feature flags yet: the list is empty, in the shape they accept.
 */
export const localEvaluationEndpoint = endpoint({
  method: "GET",
  path: "/api/feature_flag/local_evaluation/",
  summary: "Feature flag definitions for local evaluation by server-side SDKs",
  tag: "feature_flags",
  scope: "feature_flag:read",
  query: ZLocalEvaluationQuery,
  response: ZLocalEvaluation,
  handler: async ({ actor, query }) => {
    let projectId: number | "@current" = "@current";
    if (query.token) {
      const project = await projectForToken(query.token);
      if (!project) throw captureError.unknownToken();
      projectId = project.id;
    }
    await requireProjectAccess(actor, projectId);
    return emptyFlagDefinitions();
  },
});
