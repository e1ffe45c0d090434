"use client";

import { DashboardGrid } from "@/components/dashboards/dashboard-grid";
import { DashboardTile } from "@/components/dashboards/dashboard-tile";
import type { TDashboardTile } from "@/lib/ui/types";

/** A publicly shared dashboard's tiles, where their owners placed them, read-only. */
export function SharedDashboardGrid({ tiles }: { tiles: TDashboardTile[] }) {
  if (!tiles.length) return <p className="text-sm text-muted-foreground">This dashboard has no insights yet.</p>;
  return (
    <DashboardGrid tiles={tiles} editable={false}>
      {(tile) => <DashboardTile tile={tile} projectId={null} />}
    </DashboardGrid>
  );
}
