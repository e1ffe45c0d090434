import { serve } from "@/lib/api/endpoint";
import { unpauseBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(unpauseBatchExportEndpoint);
