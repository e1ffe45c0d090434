import type { TDashboardBasic } from "@/lib/ui/types";

export const dashboardTitle = (dashboard: Pick<TDashboardBasic, "name">) => dashboard.name || "Untitled dashboard";
