import { serve } from "@/lib/api/endpoint";
import { cancelProjectBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(cancelProjectBatchExportRunEndpoint);
