// The API's shapes as the browser receives them, re-exported from each feature's schemas (types only).
export type { TApiKey } from "@/lib/api-keys/schemas";
export type { TInvite, TInvitePreview } from "@/lib/invites/schemas";
export type { TMember } from "@/lib/members/schemas";
export type { TOrganization } from "@/lib/organizations/schemas";
export type { TUser } from "@/lib/users/schemas";
