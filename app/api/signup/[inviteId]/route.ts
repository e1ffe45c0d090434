import { serve } from "@/lib/api/endpoint";
import { acceptInviteEndpoint, previewInviteEndpoint } from "@/lib/invites/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(previewInviteEndpoint, acceptInviteEndpoint);
