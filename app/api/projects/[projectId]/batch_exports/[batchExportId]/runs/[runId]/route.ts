import { serve } from "@/lib/api/endpoint";
import { retrieveProjectBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveProjectBatchExportRunEndpoint);
