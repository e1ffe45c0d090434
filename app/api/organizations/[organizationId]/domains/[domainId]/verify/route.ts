import { serve } from "@/lib/api/endpoint";
import { verifyDomainEndpoint } from "@/lib/domains/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(verifyDomainEndpoint);
