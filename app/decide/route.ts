import { flagsRoute } from "@/lib/capture/handlers";

export const { GET, POST, OPTIONS } = flagsRoute("decide");
