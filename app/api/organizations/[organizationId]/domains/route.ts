import { serve } from "@/lib/api/endpoint";
import { createDomainEndpoint, listDomainsEndpoint } from "@/lib/domains/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listDomainsEndpoint, createDomainEndpoint);
