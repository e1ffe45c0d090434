import { serve } from "@/lib/api/endpoint";
import { cancelBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(cancelBatchExportRunEndpoint);
