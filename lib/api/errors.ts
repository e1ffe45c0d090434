import { randomUUID } from "node:crypto";
import type { z } from "zod";

/**
 * An error answered to an API caller in PostHog's shape: `{type, code, detail, attr}` with the status PostHog
 * uses. Services throw these; the route wrapper turns them into responses.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    readonly detail: string,
    readonly attr: string | null = null,
    /** Sent with the error's answer (`Retry-After` of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }

  get body() {
    return { type: this.type, code: this.code, detail: this.detail, attr: this.attr };
  }
}

export const notFound = (detail = "Not found.") => new ApiError(404, "invalid_request", "not_found", detail);

export const permissionDenied = (detail = "You do not have permission to perform this action.") =>
  new ApiError(403, "authentication_error", "permission_denied", detail);

export const notAuthenticated = () =>
  new ApiError(401, "authentication_error", "not_authenticated", "Authentication credentials were not provided.");

export const authenticationFailed = (detail: string) => new ApiError(401, "authentication_error", "authentication_failed", detail);

export const validationError = (detail: string, attr: string | null = null, code = "invalid_input") =>
  new ApiError(400, "validation_error", code, detail, attr);

export const methodNotAllowed = (method: string) =>
  new ApiError(405, "invalid_request", "method_not_allowed", `Method "${method}" not allowed.`);

/** A URL whose path is not percent-encoded UTF-8 (`%ZZ`, a lone `%`, an encoded surrogate): it cannot be read. */
export const malformedUrl = () => new ApiError(400, "invalid_request", "malformed_url", "The URL path is not valid percent-encoded UTF-8.");

export const parseError = (detail: string) => new ApiError(400, "invalid_request", "parse_error", detail);

export const unsupportedMediaType = (contentType: string) =>
  new ApiError(415, "invalid_request", "unsupported_media_type", `Unsupported media type "${contentType}" in request.`);

export const requestTooLarge = () => new ApiError(413, "invalid_request", "request_too_large", "Request body is too large.");

/** DRF's Throttled, as PostHog answers it, with `Retry-After` in whole seconds. */
export const throttled = (retryAfterSeconds: number) => {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    "throttled_error",
    "throttled",
    `Request was throttled. Expected available in ${wait} second${wait === 1 ? "" : "s"}.`,
    null,
    { "Retry-After": String(wait) },
  );
};

/**
 * A failure the caller did not cause: a generic answer naming an id, so an operator finds the details in the server's
 * log without the answer revealing them (paths, engine internals, other hosts).
 */
export function serverError(id: string = randomUUID()) {
  return new ApiError(500, "server_error", "error", `A server error occurred (error id ${id}).`);
}

/** Maps the first zod issue to the error DRF would raise for the same field, as PostHog's clients expect it. */
export function fromZodError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const attr = issue.path.length ? issue.path.map(String).join("__") : null;
  // A custom refinement's message is already the detail the caller should read.
  if (issue.code === "custom") {
    const code = (issue.params as { code?: string } | undefined)?.code ?? "invalid_input";
    return validationError(issue.message, attr, code);
  }
  if (issue.code === "invalid_type") {
    if (issue.input === undefined) return validationError("This field is required.", attr, "required");
    if (issue.input === null) return validationError("This field may not be null.", attr, "null");
    return validationError(describeExpected(issue.expected), attr, "invalid_input");
  }
  if (issue.code === "invalid_value") {
    // zod reports a missing choice field as an invalid value; DRF says it is required.
    if (issue.input === undefined) return validationError("This field is required.", attr, "required");
    return validationError(`"${String(issue.input)}" is not a valid choice.`, attr, "invalid_choice");
  }
  if (issue.code === "too_big") {
    if (issue.origin === "string")
      return validationError(`Ensure this field has no more than ${issue.maximum} characters.`, attr, "max_length");
    if (issue.origin === "array")
      return validationError(`Ensure this field has no more than ${issue.maximum} elements.`, attr, "max_length");
    return validationError(`Ensure this value is less than or equal to ${issue.maximum}.`, attr, "max_value");
  }
  if (issue.code === "too_small") {
    if (issue.origin === "string" && issue.minimum === 1) return validationError("This field may not be blank.", attr, "blank");
    if (issue.origin === "string")
      return validationError(`Ensure this field has at least ${issue.minimum} characters.`, attr, "min_length");
    if (issue.origin === "array") return validationError(`Ensure this field has at least ${issue.minimum} elements.`, attr, "min_length");
    return validationError(`Ensure this value is greater than or equal to ${issue.minimum}.`, attr, "min_value");
  }
  if (issue.code === "invalid_format") {
    if (issue.format === "email") return validationError("Enter a valid email address.", attr, "invalid_input");
    if (issue.format === "uuid") return validationError("Must be a valid UUID.", attr, "invalid_input");
    if (issue.format === "datetime") return validationError("Datetime has wrong format.", attr, "invalid_input");
    return validationError(issue.message, attr, "invalid_input");
  }
  if (issue.code === "unrecognized_keys") return validationError(issue.message, attr, "invalid_input");
  return validationError(issue.message, attr, "invalid_input");
}

function describeExpected(expected: string): string {
  switch (expected) {
    case "string":
      return "Not a valid string.";
    case "number":
    case "int":
      return "A valid integer is required.";
    case "boolean":
      return "Must be a valid boolean.";
    case "array":
      return 'Expected a list of items but got type "dict".';
    case "object":
      return "Invalid data. Expected a dictionary.";
    default:
      return `Invalid input: expected ${expected}.`;
  }
}
