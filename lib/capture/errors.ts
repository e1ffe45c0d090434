import { ApiError } from "@/lib/api/errors";

export const PROJECT_KEY_HINT = "You can find your project API key in PostHog project settings.";

/** The errors of PostHog's Django capture endpoint (`posthog/api/capture.py`, `get_data`), in its 4-key shape. */
export const captureError = {
  malformed: (reason: string) => new ApiError(400, "validation_error", "invalid_payload", `Malformed request data: ${reason}`),
  invalidPayload: (reason: string) => new ApiError(400, "validation_error", "invalid_payload", `Invalid payload: ${reason}`),
  invalidSentAt: (reason: string) =>
    new ApiError(400, "validation_error", "invalid_payload", `Malformed request data, invalid sent at: ${reason}`),
  noData: () =>
    new ApiError(
      400,
      "validation_error",
      "no_data",
      "No data found. Make sure to use a POST request when sending the payload in the body of the request.",
    ),
  tooLarge: () => new ApiError(413, "client_error", "request_too_large", "Request too large."),
  missingToken: () => new ApiError(401, "authentication_error", "missing_api_key", `API key not provided. ${PROJECT_KEY_HINT}`),
  /** A token that cannot be a project API key (`_check_token_shape`): the reason is the code. */
  badTokenShape: (reason: string) => new ApiError(401, "authentication_error", reason, `Provided API key is not valid: ${reason}`),
  unknownToken: () => new ApiError(401, "authentication_error", "invalid_api_key", `Project API key invalid. ${PROJECT_KEY_HINT}`),
};
