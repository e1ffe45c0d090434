import { expect } from "vitest";
import type { TestUser } from "./api";
import { projectToken, sendBatch, type SentEvent } from "./events";

type AppFamily = "pipeline_destinations" | "pipeline_transformations" | "pipeline_frontend_apps" | "pipeline_import_apps";

/** Installs the catalog app at `url` in the user's organization: the app's id. */
export async function installApp(user: TestUser, url: string, family: AppFamily = "pipeline_destinations"): Promise<number> {
  const created = await user.session.post(`/api/organizations/${user.organizationId}/${family}/`, { url });
  expect(created.status, created.text).toBe(201);
  return created.body.id as number;
}

/** Sets the app up in the user's project, switched on unless told otherwise: the set-up's id. */
export async function setUpApp(
  user: TestUser,
  plugin: number,
  config: Record<string, unknown>,
  { enabled = true, order = 0 }: { enabled?: boolean; order?: number } = {},
): Promise<number> {
  const created = await user.session.post(`/api/projects/${user.projectId}/plugin_configs/`, { plugin, enabled, order, config });
  expect(created.status, created.text).toBe(201);
  return created.body.id as number;
}

/** Sends the events to the server's `/batch/` with the user's project token, every one of them taken. */
export async function captureAll(baseUrl: string, user: TestUser, events: SentEvent[]) {
  const answer = await sendBatch(baseUrl, projectToken(user), events);
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { status: 1 } });
  return answer.body;
}

/** What `check` gives once it gives something, asked again every `everyMs`; fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 150,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
