import { environmentsRoute } from "@/lib/openapi/environments";

// PostHog's `/api/environments/{projectId}/…` twins of the project operations, served by their declarations.
export const { GET, POST, PUT, PATCH, DELETE } = environmentsRoute();
