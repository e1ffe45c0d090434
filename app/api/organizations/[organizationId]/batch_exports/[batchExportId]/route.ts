import { serve } from "@/lib/api/endpoint";
import {
  deleteBatchExportEndpoint,
  retrieveBatchExportEndpoint,
  replaceBatchExportEndpoint,
  updateBatchExportEndpoint,
} from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveBatchExportEndpoint,
  updateBatchExportEndpoint,
  replaceBatchExportEndpoint,
  deleteBatchExportEndpoint,
);
