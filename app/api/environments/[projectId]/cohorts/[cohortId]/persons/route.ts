// PostHog's environments twin of the project route (see `environments` in lib/api/endpoint.ts).
export { GET, POST, PUT, PATCH, DELETE } from "@/app/api/projects/[projectId]/cohorts/[cohortId]/persons/route";
