import { NextRequest } from "next/server";
import { MAX_BODY_BYTES } from "./endpoint";
import { permissionDenied, requestTooLarge, unsupportedMediaType } from "./errors";
import { isCrossSite } from "./origin";
import { readBodyWithin } from "./request-body";

/** What next-auth reads a body as: its own pages post forms, a script JSON. */
const NEXT_AUTH_BODY_TYPES = new Set(["application/json", "application/x-www-form-urlencoded"]);

/**
 * A POST to next-auth's routes (sign-in callback, sign-out), checked as the API's public writes are: refused when
 * another site sends it, when its body is of a type next-auth does not read, or as soon as it passes the API's body
 * limit. Answers the request next-auth may read, its body already in memory; throws the ApiError otherwise.
 */
export async function checkedNextAuthPost(req: NextRequest): Promise<NextRequest> {
  if (isCrossSite(req)) throw permissionDenied("CSRF Failed: Origin checking failed.");
  const contentType = req.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (!NEXT_AUTH_BODY_TYPES.has(mediaType)) throw unsupportedMediaType(contentType);
  const body = await readBodyWithin(req, MAX_BODY_BYTES, requestTooLarge);
  const headers = new Headers(req.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return new NextRequest(req.url, { method: req.method, headers, body: body as BodyInit });
}
