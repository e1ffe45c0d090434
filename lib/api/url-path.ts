import { type ApiError, malformedUrl, notFound } from "./errors";

/** No Hedgerow path is longer: ids, UUIDs and tokens are far shorter than a segment's bound. */
export const MAX_PATH_LENGTH = 2048;
/** Characters of one decoded path segment. */
export const MAX_SEGMENT_LENGTH = 256;

/**
 * Why a request path (as sent, percent-encoded) must be refused before routing, or null when it may be routed.
 * Next decodes dynamic segments itself and answers a bare 500 when that fails; a path that cannot be decoded
 * is a 400, and one that decodes but can name nothing (a NUL, which PostgreSQL text cannot hold, or an
 * overlong segment) is a 404, as an unmatched URL would be.
 */
export function pathRefusal(encodedPath: string): ApiError | null {
  if (encodedPath.length > MAX_PATH_LENGTH) return notFound();
  let namesNothing = false;
  for (const segment of encodedPath.split("/")) {
    let decoded: string;
    try {
      // Also refuses encoded surrogates (`%ED%A0%80`): they are not UTF-8.
      decoded = decodeURIComponent(segment);
    } catch {
      return malformedUrl();
    }
    namesNothing ||= decoded.includes("\u0000") || decoded.length > MAX_SEGMENT_LENGTH;
  }
  return namesNothing ? notFound() : null;
}
