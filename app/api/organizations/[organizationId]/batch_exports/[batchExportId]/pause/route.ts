import { serve } from "@/lib/api/endpoint";
import { pauseBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(pauseBatchExportEndpoint);
