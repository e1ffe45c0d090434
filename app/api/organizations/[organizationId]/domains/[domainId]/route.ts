import { serve } from "@/lib/api/endpoint";
import { deleteDomainEndpoint, retrieveDomainEndpoint, updateDomainEndpoint } from "@/lib/domains/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveDomainEndpoint, updateDomainEndpoint, deleteDomainEndpoint);
