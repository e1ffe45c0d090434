import { readMarker, runDemo } from "../scripts/demo/seed";
import { startDnsServer } from "../tests/support/dns";
import { startServer } from "../tests/support/server";

/**
 * Starts the built app on a fresh PGlite data dir with open sign-ups and loads the first-start demo into it
 * (E2E_DEMO_EVENTS events, 20,000 by default), as `npm start` does. Domain verification resolves TXT records on
 * the loopback DNS server the API tests use (its records file is E2E_DNS_RECORDS). The address and the demo
 * login reach the workers through the environment; the returned function stops both servers.
 */
export default async function globalSetup() {
  const dns = await startDnsServer();
  const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true", DNS_SERVERS: dns.address } }).catch(async (error) => {
    await dns.stop();
    throw error;
  });
  const stop = async () => {
    await server.stop();
    await dns.stop();
  };
  try {
    const events = Number(process.env.E2E_DEMO_EVENTS ?? 20_000);
    await runDemo({ action: "create" }, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings: { events, dataDir: server.dataDir }, log: () => {} });
  } catch (error) {
    await stop();
    throw error;
  }
  const demo = readMarker(server.dataDir)!;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DNS_RECORDS = dns.recordsFile;
  process.env.E2E_DEMO_EMAIL = demo.email;
  process.env.E2E_DEMO_PASSWORD = demo.password;
  process.env.E2E_DEMO_PROJECT = String(demo.projectId);
  return stop;
}
