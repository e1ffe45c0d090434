import { serve } from "@/lib/api/endpoint";
import { deleteInviteEndpoint } from "@/lib/invites/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(deleteInviteEndpoint);
