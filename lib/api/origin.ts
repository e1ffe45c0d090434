/** The host the client addressed (a proxy's forwarded one first). */
const requestHost = (req: Request) => req.headers.get("x-forwarded-host") ?? req.headers.get("host");

/** A browser's request from this same origin (or typed in by its user): what a cookie alone may write with. */
export function isSameOrigin(req: Request): boolean {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  const origin = req.headers.get("origin") ?? req.headers.get("referer");
  return origin !== null && sameHost(origin, req);
}

/**
 * A browser's request sent by another site (another origin, a sandboxed frame's `null` origin): what a public form
 * post must not be, or a page elsewhere could sign its visitors in to the attacker's account. A request without the
 * headers browsers add (an SDK, curl) is not one.
 */
export function isCrossSite(req: Request): boolean {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = req.headers.get("origin") ?? req.headers.get("referer");
  return origin !== null && !sameHost(origin, req);
}

function sameHost(url: string, req: Request): boolean {
  try {
    const host = new URL(url).host;
    return host !== "" && host === requestHost(req);
  } catch {
    return false;
  }
}
