import { serve } from "@/lib/api/endpoint";
import {
  deleteAnnotationEndpoint,
  replaceAnnotationEndpoint,
  retrieveAnnotationEndpoint,
  updateAnnotationEndpoint,
} from "@/lib/annotations/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveAnnotationEndpoint,
  updateAnnotationEndpoint,
  replaceAnnotationEndpoint,
  deleteAnnotationEndpoint,
);
