import { startDnsServer } from "../tests/support/dns";
import { startServer } from "../tests/support/server";

/**
 * Starts the built app on a fresh PGlite data dir with open sign-ups, resolving domain verification's TXT records
 * on the loopback DNS server the API tests use (its records file is E2E_DNS_RECORDS); the returned function stops both.
 */
export default async function globalSetup() {
  const dns = await startDnsServer();
  const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true", DNS_SERVERS: dns.address } }).catch(async (error) => {
    await dns.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DNS_RECORDS = dns.recordsFile;
  return async () => {
    await server.stop();
    await dns.stop();
  };
}
