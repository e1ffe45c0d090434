import { mutationOptions } from "@tanstack/react-query";
import type { TApiKey, TApiKeyCreate } from "@/lib/api-keys/schemas";
import type { TInviteAccept } from "@/lib/invites/schemas";
import type { TSignup, TUser, TUserUpdate } from "@/lib/users/schemas";
import { api } from "@/lib/ui/api-client";
import { apiKeyKeys, userKeys } from "@/lib/ui/query-keys";

// Session

export const loginMutation = () =>
  mutationOptions({
    mutationFn: (credentials: { email: string; password: string }) => api.post("/api/login/", credentials),
    // Nothing cached for whoever used this tab before may show through.
    meta: { clearsCache: true },
  });

export const logoutMutation = () =>
  mutationOptions({
    mutationFn: () => api.post("/api/logout/"),
    meta: { clearsCache: true },
  });

export const signupMutation = () =>
  mutationOptions({
    mutationFn: (body: TSignup) => api.post<TUser>("/api/signup/", body),
    meta: { clearsCache: true },
  });

/** Signed in: joins as that user (no body). Signed out: creates the account and joins. */
export const acceptInviteMutation = (inviteId: string) =>
  mutationOptions({
    mutationFn: (body: TInviteAccept = {}) => api.post<TUser>(`/api/signup/${inviteId}/`, body),
    meta: { clearsCache: true },
  });

/** Moves the user to another organization or project (PATCH @me): every cached resource belonged to the old one. */
export const switchWorkspaceMutation = () =>
  mutationOptions({
    mutationFn: (change: Pick<TUserUpdate, "set_current_organization"> | Pick<TUserUpdate, "set_current_team">) =>
      api.patch<TUser>("/api/users/@me/", change),
    meta: { returns: userKeys.me(), invalidates: "all" },
  });

// The user's own settings

/** Name, email or password (PATCH @me): the answer is the user as they now are. */
export const updateMeMutation = () =>
  mutationOptions({
    mutationFn: (change: Pick<TUserUpdate, "first_name" | "last_name" | "email" | "password" | "current_password">) =>
      api.patch<TUser>("/api/users/@me/", change),
    meta: { returns: userKeys.me() },
  });

/** Every browser session of the user ends, this one too. */
export const logoutEverywhereMutation = () =>
  mutationOptions({
    mutationFn: () => api.post("/api/users/@me/logout_everywhere/"),
    meta: { clearsCache: true },
  });

// Personal API keys

export const createApiKeyMutation = () =>
  mutationOptions({
    mutationFn: (body: TApiKeyCreate) => api.post<TApiKey>("/api/personal_api_keys/", body),
    meta: { invalidates: [apiKeyKeys.list()] },
  });

export const deleteApiKeyMutation = () =>
  mutationOptions({
    mutationFn: (key: TApiKey) => api.delete(`/api/personal_api_keys/${key.id}/`),
    meta: { invalidates: [apiKeyKeys.list()] },
  });
