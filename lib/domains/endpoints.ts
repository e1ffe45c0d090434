import { endpoint } from "@/lib/api/endpoint";
import { listPage } from "@/lib/api/pagination";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { ZDomain, ZDomainCreate, ZDomainParams, ZDomainUpdate } from "./schemas";
import { createDomain, deleteDomain, getDomain, listDomains, updateDomain, verifyDomain } from "./service";

const tag = "domains";

export const listDomainsEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/domains/",
  summary: "List the organization's domains, by name",
  tag,
  scope: "organization:read",
  params: ZOrganizationParams,
  response: ZDomain,
  paginated: true,
  handler: ({ url, actor, params }) => listPage(url, (page) => listDomains(actor, params.organizationId, page)),
});

export const createDomainEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/{organizationId}/domains/",
  summary: "Add a domain (admins); it gets a challenge to publish as a DNS TXT record",
  tag,
  scope: "organization:write",
  params: ZOrganizationParams,
  body: ZDomainCreate,
  response: ZDomain,
  status: 201,
  handler: ({ actor, params, body }) => createDomain(actor, params.organizationId, body),
});

export const retrieveDomainEndpoint = endpoint({
  method: "GET",
  path: "/api/organizations/{organizationId}/domains/{domainId}/",
  summary: "Retrieve a domain",
  tag,
  scope: "organization:read",
  params: ZDomainParams,
  response: ZDomain,
  handler: ({ actor, params }) => getDomain(actor, params.organizationId, params.domainId),
});

export const updateDomainEndpoint = endpoint({
  method: "PATCH",
  path: "/api/organizations/{organizationId}/domains/{domainId}/",
  summary: "Update a domain's SSO settings (admins; JIT provisioning and SSO enforcement once verified)",
  tag,
  scope: "organization:write",
  params: ZDomainParams,
  body: ZDomainUpdate,
  response: ZDomain,
  handler: ({ actor, params, body }) => updateDomain(actor, params.organizationId, params.domainId, body),
});

export const deleteDomainEndpoint = endpoint({
  method: "DELETE",
  path: "/api/organizations/{organizationId}/domains/{domainId}/",
  summary: "Remove a domain (admins)",
  tag,
  scope: "organization:write",
  params: ZDomainParams,
  status: 204,
  handler: ({ actor, params }) => deleteDomain(actor, params.organizationId, params.domainId),
});

export const verifyDomainEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/{organizationId}/domains/{domainId}/verify/",
  summary: "Check the domain's `_hedgerow-challenge` TXT record (admins, in the browser)",
  tag,
  // PostHog declares no scope for `verify`, so personal API keys may not call it.
  scope: null,
  params: ZDomainParams,
  response: ZDomain,
  handler: ({ actor, params }) => verifyDomain(actor, params.organizationId, params.domainId),
});
