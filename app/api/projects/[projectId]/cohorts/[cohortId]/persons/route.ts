import { serve } from "@/lib/api/endpoint";
import { cohortPersonsEndpoint } from "@/lib/cohorts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(cohortPersonsEndpoint);
