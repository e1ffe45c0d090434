import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZMember, ZMemberListQuery, ZMemberParams, ZMemberUpdate } from "./schemas";
import { listMembers, removeMember, updateMember } from "./service";

const tag = "members";

export const listMembersEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/members/",
  summary: "List an organization's members (newest first; `email` filters by address, `order` sorts)",
  tag,
  scope: "organization_member:read",
  params: ZOrganizationParams,
  query: ZMemberListQuery,
  response: ZMember,
  paginated: true,
  handler: ({ actor, params, query, url }) => listPage(url, (page) => listMembers(actor, params.organizationId, query, page)),
});

export const updateMemberEndpoint = endpoint({
  method: "PATCH",
  path: "/api/organizations/{organizationId}/members/{userUuid}/",
  summary: "Change a member's level (admins, for members up to their own level; only owners make owners)",
  tag,
  scope: "organization_member:write",
  params: ZMemberParams,
  body: ZMemberUpdate,
  response: ZMember,
  handler: ({ actor, params, body }) => updateMember(actor, params.organizationId, params.userUuid, body),
});

/** PostHog's viewset answers PUT as PATCH: `level` is the only writable field and it is optional. */
export const replaceMemberEndpoint = endpoint({ ...updateMemberEndpoint, method: "PUT" });

export const removeMemberEndpoint = endpoint({
  method: "DELETE",
  path: "/api/organizations/{organizationId}/members/{userUuid}/",
  summary: "Leave an organization (`@me`) or remove a member (admins); its last owner cannot leave",
  tag,
  scope: "organization_member:write",
  params: ZMemberParams,
  status: 204,
  handler: ({ actor, params }) => removeMember(actor, params.organizationId, params.userUuid),
});
