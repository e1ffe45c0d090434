import { describe, expect, test } from "vitest";
import type { Membership, Project } from "@/lib/db/schema";
import { projectAccessDenial } from "./access";

const ORG = "3f1b7c1e-8a8e-4c43-9a59-2b8b1c1d2e3f";
const OTHER_ORG = "9d7f0c2a-1111-4c43-9a59-2b8b1c1d2e3f";
const project = { id: 7, organizationId: ORG } as Project;
const membership = { organizationId: ORG, level: 1 } as Membership;
const key = (scopedTeams: number[] | null, scopedOrganizations: string[] | null) => ({ scopedTeams, scopedOrganizations });

describe("project access", () => {
  test("members of the project's organization may reach it, through a session or an unscoped key", () => {
    expect(projectAccessDenial(7, project, membership, null)).toBeNull();
    expect(projectAccessDenial(7, project, membership, key(null, null))).toBeNull();
    expect(projectAccessDenial(7, project, membership, key([7], [ORG]))).toBeNull();
  });

  test("a missing project is 404, a project of another organization 403", () => {
    expect(projectAccessDenial(7, undefined, undefined, null)).toMatchObject({ status: 404, detail: "Project not found." });
    expect(projectAccessDenial(7, project, undefined, null)).toMatchObject({
      status: 403,
      detail: "You don't have access to the project.",
    });
  });

  test("keys reach only their scoped projects and organizations, checked before existence and membership", () => {
    expect(projectAccessDenial(7, undefined, undefined, key([8], null))).toMatchObject({
      status: 403,
      detail: "API key does not have access to the requested project: ID 7.",
    });
    expect(projectAccessDenial(7, project, membership, key(null, [OTHER_ORG]))).toMatchObject({
      status: 403,
      detail: `API key does not have access to the requested organization: ID ${ORG}.`,
    });
    expect(projectAccessDenial(7, project, undefined, key(null, [OTHER_ORG]))?.detail).toContain("organization");
  });
});
