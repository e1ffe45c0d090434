import { serve } from "@/lib/api/endpoint";
import { createInviteEndpoint, listInvitesEndpoint } from "@/lib/invites/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listInvitesEndpoint, createInviteEndpoint);
