/** @type {import('next').NextConfig} */
const nextConfig = {
  // PostHog clients call `/api/x/` and `/api/x` alike; both must reach the handler without a redirect.
  skipTrailingSlashRedirect: true,
  // Native and WASM engines are loaded by Node at run time, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "dns2", "nodemailer", "chdb", "@clickhouse/client"],
  poweredByHeader: false,
  // Separate build dirs let several checkouts' test runs build side by side (NEXT_DIST_DIR=.next-a).
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
