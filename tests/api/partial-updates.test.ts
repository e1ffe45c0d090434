import { describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");

/**
 * DRF's partial update saves what it is given: a PATCH of `{}`, or of fields the resource does not have, answers
 * 200 with the resource as it was.
 */
async function patchesNothing(user: TestUser, path: string, compare: (before: any, after: any) => void = (b, a) => expect(a).toEqual(b)) {
  const before = await user.session.get(path);
  expect(before.status, before.text).toBe(200);
  for (const body of [{}, { no_such_field: "x" }]) {
    const patched = await user.session.patch(path, body);
    expect(patched.status, `${path} ${JSON.stringify(body)}: ${patched.text}`).toBe(200);
    compare(before.body, patched.body);
    compare(before.body, (await user.session.get(path)).body);
  }
}

// A save moves `updated_at` (Django's auto_now) even when nothing else changes.
const withoutUpdatedAt = (b: any, a: any) => expect({ ...a, updated_at: null }).toEqual({ ...b, updated_at: null });
const sameFields =
  (...fields: string[]) =>
  (b: any, a: any) =>
    expect(Object.fromEntries(fields.map((f) => [f, a[f]]))).toEqual(Object.fromEntries(fields.map((f) => [f, b[f]])));

describe("PATCH with nothing to change answers 200 and the resource unchanged", () => {
  test("personal API keys", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post("/api/personal_api_keys/", { label: "CI", scopes: ["insight:read"] });
    await patchesNothing(owner, `/api/personal_api_keys/${created.body.id}/`);
    // Read-only fields are ignored as unknown ones are.
    const patched = await owner.session.patch(`/api/personal_api_keys/${created.body.id}/`, { mask_value: "phx_...nope", value: "phx_x" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: "CI", mask_value: created.body.mask_value, value: null });
  });

  test("the user (@me)", async () => {
    const owner = await signUp(baseUrl);
    await patchesNothing(owner, "/api/users/@me/");
  });

  test("organizations, projects, members and domains", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    await patchesNothing(owner, `/api/organizations/${owner.organizationId}/`, withoutUpdatedAt);
    await patchesNothing(owner, `/api/projects/${owner.projectId}/`, withoutUpdatedAt);
    const memberPath = `/api/organizations/${owner.organizationId}/members/${member.user.uuid}/`;
    const members = await owner.session.get(`/api/organizations/${owner.organizationId}/members/`);
    const listed = members.body.results.find((m: any) => m.user.uuid === member.user.uuid);
    for (const body of [{}, { no_such_field: 1 }]) {
      const patched = await owner.session.patch(memberPath, body);
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body).toEqual(listed);
    }
    const domain = await owner.session.post(`/api/organizations/${owner.organizationId}/domains/`, {
      domain: `d-${Date.now()}.example.com`,
    });
    expect(domain.status, domain.text).toBe(201);
    await patchesNothing(owner, `/api/organizations/${owner.organizationId}/domains/${domain.body.id}/`);
  });

  test("insights and actions", async () => {
    const owner = await signUp(baseUrl);
    const insight = await owner.session.post(`/api/projects/${owner.projectId}/insights/`, { name: "Unchanged" });
    expect(insight.status, insight.text).toBe(201);
    // Results and cache fields are the cache's, not the insight's; the insight's own fields must not move.
    await patchesNothing(
      owner,
      `/api/projects/${owner.projectId}/insights/${insight.body.id}/`,
      sameFields("id", "short_id", "name", "description", "tags", "saved", "favorited", "deleted", "filters", "query", "last_modified_at"),
    );
    const action = await owner.session.post(`/api/projects/${owner.projectId}/actions/`, {
      name: "Unchanged",
      steps: [{ event: "$pageview" }],
    });
    expect(action.status, action.text).toBe(201);
    await patchesNothing(owner, `/api/projects/${owner.projectId}/actions/${action.body.id}/`, withoutUpdatedAt);
  });
});
