import { readMarker, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";

/**
 * Starts the built app on a fresh PGlite data dir with open sign-ups and loads the first-start demo into it
 * (E2E_DEMO_EVENTS events, 20,000 by default), as `npm start` does; the returned function stops it. Its address
 * and the demo login reach the workers through the environment.
 */
export default async function globalSetup() {
  const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
  try {
    const events = Number(process.env.E2E_DEMO_EVENTS ?? 20_000);
    await runDemo({ action: "create" }, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events, dataDir: server.dataDir }, log: () => {} });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const demo = readMarker(server.dataDir)!;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DEMO_EMAIL = demo.email;
  process.env.E2E_DEMO_PASSWORD = demo.password;
  process.env.E2E_DEMO_PROJECT = String(demo.projectId);
  return () => server.stop();
}
