import { serve } from "@/lib/api/endpoint";
import { createBatchExportEndpoint, listBatchExportsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listBatchExportsEndpoint, createBatchExportEndpoint);
