"use client";

import { Share2Icon } from "lucide-react";
import { useState } from "react";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { SharingDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { TestAccountsHint } from "@/components/project/test-accounts-hint";
import { Button } from "@/components/ui/button";
import { LiveVisitors } from "@/components/web/live-visitors";
import { useWebPageState, WebRangeControls } from "@/components/web/web-controls";
import { WebReport } from "@/components/web/web-report";

/**
 * `/project/:id/web`: web analytics of the project's pageviews — overview tiles beside the previous period, visitors
 * and views over time, breakdown cards — with the range, filters and switches in the URL; a click on a row adds a
 * filter. "Share" turns its public, read-only link on or off.
 */
export function WebAnalytics({ projectId }: { projectId: number }) {
  const page = useWebPageState();
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <PageHeader
        title="Web analytics"
        description="Visitors, pages and sources of the project's pageviews."
        actions={
          <>
            <LiveVisitors source={{ projectId }} />
            <Button variant="outline" onClick={() => setSharing(true)}>
              <Share2Icon /> Share
            </Button>
          </>
        }
      />
      <div className="grid gap-4">
        <div className="grid gap-3 rounded-lg border bg-card p-3">
          <WebRangeControls page={page}>
            <TestAccountsHint projectId={projectId} />
          </WebRangeControls>
          <PropertyFiltersEditor
            projectId={projectId}
            filters={page.state.filters}
            onChange={page.setFilters}
            types={["event", "person", "session"]}
          />
        </div>
        <WebReport source={{ projectId }} state={page.state} complete={page.complete} onFilters={page.setFilters} />
      </div>
      <SharingDialog
        title="Web analytics"
        sharingPath={`/api/projects/${projectId}/web_analytics/sharing/`}
        open={sharing}
        onOpenChange={setSharing}
      />
    </>
  );
}
