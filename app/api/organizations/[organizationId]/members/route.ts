import { serve } from "@/lib/api/endpoint";
import { listMembersEndpoint } from "@/lib/members/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listMembersEndpoint);
