import { serve } from "@/lib/api/endpoint";
import { bulkCreateInvitesEndpoint } from "@/lib/invites/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(bulkCreateInvitesEndpoint);
