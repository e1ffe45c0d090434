import { serve } from "@/lib/api/endpoint";
import { retryProjectBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retryProjectBatchExportRunEndpoint);
