/** Headers on every answer: Next's, API, capture and static files included, and those scripts/serve.mjs answers itself. */
export const everyAnswerHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PostHog clients call `/api/x/` and `/api/x` alike; both must reach the handler without a redirect.
  skipTrailingSlashRedirect: true,
  // Native and WASM engines are loaded by Node at run time, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "dns2", "nodemailer", "chdb", "@clickhouse/client"],
  poweredByHeader: false,
  // A page's CSP and framing rules are set by proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: everyAnswerHeaders }];
  },
  // Separate build dirs let several checkouts' test runs build side by side (NEXT_DIST_DIR=.next-a).
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
