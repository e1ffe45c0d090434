import { serve } from "@/lib/api/endpoint";
import { retryBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retryBatchExportRunEndpoint);
