import "vitest";
import type { TestProject } from "vitest/node";
import { startServer } from "../support/server";

/**
 * Starts one built Hedgerow (`next start`) for the API tests, on the backend named by HEDGEROW_TEST_BACKEND:
 * `pglite` (default, a fresh data dir) or `postgres` (TEST_DATABASE_URL, its schema emptied first).
 */
export default async function setup(project: TestProject) {
  const backend = process.env.HEDGEROW_TEST_BACKEND === "postgres" ? "postgres" : "pglite";
  const server = await startServer({ backend, env: { ALLOW_SIGNUP: "true" } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("backend", backend);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    backend: string;
  }
}
