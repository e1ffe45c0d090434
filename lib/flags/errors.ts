import { ApiError } from "@/lib/api/errors";
import { captureError, PROJECT_KEY_HINT } from "@/lib/capture/errors";

/** The errors of PostHog's `/decide` (`posthog/api/decide.py`), which `/flags` answers the same way. */
export const flagsError = {
  malformed: (reason: string) => new ApiError(400, "validation_error", "malformed_data", `Malformed request data: ${reason}`),
  noToken: () => new ApiError(401, "authentication_error", "no_api_key", `No project API key provided. ${PROJECT_KEY_HINT}`),
  unknownToken: captureError.unknownToken,
  missingDistinctId: () => new ApiError(400, "validation_error", "missing_distinct_id", "Decide requires a distinct_id."),
};
