import { startServer } from "../tests/support/server";

/** Starts the built app on a fresh PGlite data dir with open sign-ups; the returned function stops it. */
export default async function globalSetup() {
  const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
  process.env.E2E_BASE_URL = server.baseUrl;
  return () => server.stop();
}
