"use client";

import { useMutation } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { eventsCsv } from "@/components/events/events-csv";
import { Button } from "@/components/ui/button";
import { api, errorMessage, searchParams } from "@/lib/ui/api-client";
import { downloadText } from "@/lib/ui/download";
import { formatCount } from "@/lib/ui/format";
import type { EventListParams } from "@/lib/ui/query-keys";
import { toast } from "@/lib/ui/toast";
import type { TEventList } from "@/lib/events/schemas";

/** Events asked for in one export; the API answers at most its own maximum (also a thousand). */
const EXPORT_LIMIT = 1000;

/** The newest events matching the explorer's filters (as many as the API answers at once) saved as a CSV file. */
export function ExportEventsButton({
  projectId,
  params,
  propertyKeys,
}: {
  projectId: number;
  params: EventListParams;
  propertyKeys: string[];
}) {
  const exportCsv = useMutation({
    mutationFn: () => api.get<TEventList>(`/api/projects/${projectId}/events/?${searchParams({ ...params, limit: String(EXPORT_LIMIT) })}`),
    onSuccess: ({ results }) => {
      const day = new Date().toISOString().slice(0, 10);
      const name = ["events", params.event, day]
        .filter(Boolean)
        .join(" ")
        .replace(/[^\w-]+/g, "-");
      downloadText(`${name}.csv`, eventsCsv(results, propertyKeys));
      toast.success(`${formatCount(results.length)} event${results.length === 1 ? "" : "s"} exported.`);
    },
    onError: (error) => toast.error(`Could not export the events: ${errorMessage(error)}`),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
      title={`The ${formatCount(EXPORT_LIMIT)} newest matching events, with the columns shown`}
    >
      <DownloadIcon /> {exportCsv.isPending ? "Exporting…" : "Export CSV"}
    </Button>
  );
}
