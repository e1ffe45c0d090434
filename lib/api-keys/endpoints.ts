import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { ZApiKey, ZApiKeyCreate, ZApiKeyParams, ZApiKeyUpdate } from "./schemas";
import { createApiKey, deleteApiKey, getApiKey, listApiKeys, updateApiKey } from "./service";

const tag = "personal_api_keys";

// Keys are managed by their owner in the browser; a key may only ask about itself (`@current`).
export const listApiKeysEndpoint = endpoint({
  method: "GET",
  path: "/api/personal_api_keys/",
  // A plain array, newest first, as PostHog's viewset answers it (a user has at most 10 keys: nothing to page).
  summary: "List your personal API keys (values masked), newest first",
  tag,
  scope: null,
  response: z.array(ZApiKey),
  handler: ({ actor }) => listApiKeys(actor),
});

export const createApiKeyEndpoint = endpoint({
  method: "POST",
  path: "/api/personal_api_keys/",
  summary: "Create a personal API key; its value is shown only in this answer",
  tag,
  scope: null,
  body: ZApiKeyCreate,
  response: ZApiKey,
  status: 201,
  handler: ({ actor, body }) => createApiKey(actor, body),
});

export const retrieveApiKeyEndpoint = endpoint({
  method: "GET",
  path: "/api/personal_api_keys/{keyId}/",
  summary: "Retrieve one of your keys, or `@current` for the key making the request",
  tag,
  scope: "any",
  params: ZApiKeyParams,
  response: ZApiKey,
  handler: ({ actor, params }) => getApiKey(actor, params.keyId),
});

export const updateApiKeyEndpoint = endpoint({
  method: "PATCH",
  path: "/api/personal_api_keys/{keyId}/",
  summary: "Change a key's label, scopes or scoped organizations and projects",
  tag,
  scope: null,
  params: ZApiKeyParams,
  body: ZApiKeyUpdate,
  response: ZApiKey,
  handler: ({ actor, params, body }) => updateApiKey(actor, params.keyId, body),
});

export const deleteApiKeyEndpoint = endpoint({
  method: "DELETE",
  path: "/api/personal_api_keys/{keyId}/",
  summary: "Delete a key; it stops working at once",
  tag,
  scope: null,
  params: ZApiKeyParams,
  status: 204,
  handler: ({ actor, params }) => deleteApiKey(actor, params.keyId),
});
