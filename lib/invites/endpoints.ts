import { NextResponse } from "next/server";
import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { startSession } from "@/lib/auth/session";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { clientAddress } from "@/lib/server/forwarded";
import { ZUser } from "@/lib/users/schemas";
import { serializeMe } from "@/lib/users/service";
import { ZInvite, ZInviteAccept, ZInviteBulkCreate, ZInviteCreate, ZInviteParams, ZInvitePreview, ZInviteSignupParams } from "./schemas";
import { acceptInvite, createInvites, deleteInvite, listInvites, previewInvite } from "./service";

const tag = "invites";

export const listInvitesEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/invites/",
  summary: "List an organization's pending invites (newest first)",
  tag,
  scope: "organization_member:read",
  params: ZOrganizationParams,
  response: ZInvite,
  paginated: true,
  handler: ({ actor, params, url }) => listPage(url, (page) => listInvites(actor, params.organizationId, page)),
});

export const createInviteEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/{organizationId}/invites/",
  summary: "Invite someone by email (at most at your own level); replaces their pending invite",
  tag,
  scope: "organization_member:write",
  params: ZOrganizationParams,
  body: ZInviteCreate,
  response: ZInvite,
  status: 201,
  handler: async ({ actor, params, body, url }) => {
    const [invite] = await createInvites(actor, params.organizationId, [body], url.origin);
    return invite;
  },
});

export const bulkCreateInvitesEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/{organizationId}/invites/bulk/",
  summary: "Invite up to 20 people at once: all are created, or none",
  tag,
  scope: "organization_member:write",
  params: ZOrganizationParams,
  body: ZInviteBulkCreate,
  response: ZInvite.array(),
  status: 201,
  handler: ({ actor, params, body, url }) => createInvites(actor, params.organizationId, body, url.origin),
});

export const deleteInviteEndpoint = endpoint({
  method: "DELETE",
  path: "/api/organizations/{organizationId}/invites/{inviteId}/",
  summary: "Cancel an invite",
  tag,
  scope: "organization_member:write",
  params: ZInviteParams,
  status: 204,
  handler: ({ actor, params }) => deleteInvite(actor, params.organizationId, params.inviteId),
});

export const previewInviteEndpoint = endpoint({
  method: "GET",
  path: "/api/signup/{inviteId}/",
  summary: "Check an invite before accepting it: who it is for and which organization",
  tag,
  public: true,
  scope: null,
  params: ZInviteSignupParams,
  response: ZInvitePreview,
  handler: ({ actor, params }) => previewInvite(actor, params.inviteId),
});

export const acceptInviteEndpoint = endpoint({
  method: "POST",
  path: "/api/signup/{inviteId}/",
  summary: "Accept an invite: signed in, join the organization; otherwise create the invited account and join",
  tag,
  public: true,
  scope: null,
  params: ZInviteSignupParams,
  body: ZInviteAccept,
  response: ZUser,
  // 201 whether an account was created or an existing one joined, as PostHog's create view answers.
  status: 201,
  throttled: true,
  handler: async ({ req, actor, params, body }) => {
    const { user, isNewUser } = await acceptInvite(actor, params.inviteId, body, clientAddress(req.headers));
    const response = NextResponse.json(await serializeMe({ user, apiKey: null }), { status: 201 });
    if (isNewUser) await startSession(response, user);
    return response;
  },
});
