import { serve } from "@/lib/api/endpoint";
import { createAnnotationEndpoint, listAnnotationsEndpoint } from "@/lib/annotations/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listAnnotationsEndpoint, createAnnotationEndpoint);
