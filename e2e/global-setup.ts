import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { preloadDemoProcess, readMarker } from "../scripts/demo/seed";
import { startDnsServer } from "../tests/support/dns";
import { startServer } from "../tests/support/server";

/**
 * Starts the built app on a fresh PGlite data dir with open sign-ups and loads the first-start demo into it
 * (E2E_DEMO_EVENTS events, 20,000 by default), as `npm start` does. Domain verification resolves TXT records on
 * the loopback DNS server the API tests use (its records file is E2E_DNS_RECORDS). The address and the demo
 * login reach the workers through the environment; the returned function stops both servers.
 */
export default async function globalSetup() {
  // As `npm start` does on the embedded stores: the demo loaded first, then the server started on its data dir.
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-e2e-"));
  const events = Number(process.env.E2E_DEMO_EVENTS ?? 20_000);
  await preloadDemoProcess({ events, dataDir }, { quiet: true });
  const dns = await startDnsServer();
  // The batch export journey tests its connection against a receiver on loopback, which the destination guard refuses unless listed.
  const server = await startServer({
    backend: "pglite",
    dataDir,
    env: { ALLOW_SIGNUP: "true", DNS_SERVERS: dns.address, HEDGEROW_ALLOWED_DESTINATIONS: "127.0.0.1", HEDGEROW_PLUGINS_ACCESS_LEVEL: "6" },
  }).catch(async (error) => {
    await dns.stop();
    throw error;
  });
  const stop = async () => {
    await server.stop();
    await dns.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const demo = readMarker(server.dataDir)!;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DNS_RECORDS = dns.recordsFile;
  process.env.E2E_DEMO_EMAIL = demo.email;
  process.env.E2E_DEMO_PASSWORD = demo.password;
  process.env.E2E_DEMO_PROJECT = String(demo.projectId);
  return stop;
}
