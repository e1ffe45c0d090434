import { serve } from "@/lib/api/endpoint";
import { retrieveBatchExportRunEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveBatchExportRunEndpoint);
