import "vitest";
import type { TestProject } from "vitest/node";
import { startDnsServer } from "../support/dns";
import { startServer } from "../support/server";

/**
 * Starts one built Hedgerow (scripts/serve.mjs, as `npm start` runs it) for the API tests, on the backend named by HEDGEROW_TEST_BACKEND:
 * `pglite` (default, a fresh data dir) or `postgres` (TEST_DATABASE_URL, its schema emptied first).
 */
export default async function setup(project: TestProject) {
  const backend = process.env.HEDGEROW_TEST_BACKEND === "postgres" ? "postgres" : "pglite";
  // Domain verification looks up TXT records on this loopback DNS server; tests publish them in its file.
  const dns = await startDnsServer();
  // No batch export worker here: these tests set run states through the API and must see them unchanged (the
  // delivery tests start servers of their own, with the worker).
  // Organizations signed up here install their own apps (INSTALL); the default level is tested on a server of its own.
  const env = { ALLOW_SIGNUP: "true", DNS_SERVERS: dns.address, HEDGEROW_BATCH_EXPORTS: "off", HEDGEROW_PLUGINS_ACCESS_LEVEL: "6" };
  const server = await startServer({ backend, env }).catch(async (error) => {
    await dns.stop();
    throw error;
  });
  // The instance's first user is its operator (staff): an account of its own here, so no test's sign-up is.
  const operator = await fetch(`${server.baseUrl}/api/signup/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "operator@example.com", password: "operator-password-1", first_name: "Operator" }),
  });
  if (operator.status !== 201) throw new Error(`the operator's sign-up failed: ${operator.status} ${await operator.text()}`);
  project.provide("baseUrl", server.baseUrl);
  project.provide("backend", backend);
  project.provide("dnsRecordsFile", dns.recordsFile);
  return async () => {
    await server.stop();
    await dns.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    backend: string;
    dnsRecordsFile: string;
  }
}
