import { serve } from "@/lib/api/endpoint";
import { removeMemberEndpoint, replaceMemberEndpoint, updateMemberEndpoint } from "@/lib/members/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(updateMemberEndpoint, replaceMemberEndpoint, removeMemberEndpoint);
