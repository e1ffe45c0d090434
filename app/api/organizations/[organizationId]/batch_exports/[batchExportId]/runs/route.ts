import { serve } from "@/lib/api/endpoint";
import { listBatchExportRunsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listBatchExportRunsEndpoint);
