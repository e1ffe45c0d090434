import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";

// Every list that takes `search=` bounds it (lib/api/search.ts): 400 characters pass, 401 are a 400 naming `search`.
const baseUrl = inject("baseUrl");

let user: TestUser;
let exportId: string;
beforeAll(async () => {
  user = await signUp(baseUrl);
  const created = await user.session.post(`/api/organizations/${user.organizationId}/batch_exports/`, {
    name: "logs",
    destination: { type: "Postgres", config: { user: "hedgerow", password: "secret-password", host: "127.0.0.1", database: "warehouse" } },
    interval: "hour",
  });
  expect(created.status, created.text).toBe(201);
  exportId = created.body.id;
});

const lists: [string, () => string][] = [
  ["insights", () => `/api/projects/${user.projectId}/insights/?`],
  ["actions", () => `/api/projects/${user.projectId}/actions/?`],
  ["cohorts", () => `/api/projects/${user.projectId}/cohorts/?`],
  ["dashboards", () => `/api/projects/${user.projectId}/dashboards/?`],
  ["persons", () => `/api/projects/${user.projectId}/persons/?`],
  ["groups", () => `/api/projects/${user.projectId}/groups/?group_type_index=0&`],
  ["event definitions", () => `/api/projects/${user.projectId}/event_definitions/?`],
  ["property definitions", () => `/api/projects/${user.projectId}/property_definitions/?`],
  ["annotations", () => `/api/projects/${user.projectId}/annotations/?`],
  ["batch export logs", () => `/api/organizations/${user.organizationId}/batch_exports/${exportId}/logs/?`],
];

describe("search= on list endpoints", () => {
  test.each(lists)("%s: 400 characters are searched, 401 are a 400 with attr search", async (_name, path) => {
    const longest = await user.session.get(`${path()}search=${"x".repeat(400)}`);
    expect(longest.status, longest.text).toBe(200);
    const tooLong = await user.session.get(`${path()}search=${"x".repeat(401)}`);
    expect(tooLong.status, tooLong.text).toBe(400);
    expect(tooLong.body).toMatchObject({ type: "validation_error", attr: "search" });
  });
});
