import { serve } from "@/lib/api/endpoint";
import { listProjectBatchExportRunsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listProjectBatchExportRunsEndpoint);
