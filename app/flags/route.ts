import { flagsRoute } from "@/lib/flags/route";

export const { GET, POST, OPTIONS } = flagsRoute("flags");
