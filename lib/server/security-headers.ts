import { randomBytes } from "node:crypto";

/** A page's one-time nonce: the only inline or loaded scripts its CSP lets run are the ones Next.js marks with it. */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * Pages other sites may frame: shared insights, dashboards and web analytics pages, at their public link and at
 * `/embedded/` (the same without its title, for an iframe), as PostHog's are.
 */
const EMBEDDABLE = ["/shared", "/embedded"];
const isEmbeddable = (pathname: string) => EMBEDDABLE.some((root) => pathname === root || pathname.startsWith(`${root}/`));

/**
 * A page's Content-Security-Policy. Scripts: only the nonce'd ones and what they load (`strict-dynamic`). Styles
 * may be inline: charts and menus position themselves with `style` attributes, which a nonce cannot cover. The
 * console may not be framed (clickjacking); `/shared/*` and `/embedded/*` may be, anywhere.
 */
export function contentSecurityPolicy(pathname: string, nonce: string, siteUrl: string | undefined): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${isEmbeddable(pathname) ? "*" : "'none'"}`,
  ];
  if (isHttps(siteUrl)) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The headers of a page answer besides its CSP. */
export function pageSecurityHeaders(pathname: string, siteUrl: string | undefined): Record<string, string> {
  return {
    ...(isEmbeddable(pathname) ? {} : { "X-Frame-Options": "DENY" }),
    ...(isHttps(siteUrl) ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const isHttps = (siteUrl: string | undefined) => siteUrl?.startsWith("https://") ?? false;
