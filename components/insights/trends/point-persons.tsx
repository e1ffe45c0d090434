"use client";

import { formatBucket, lineLabel, type TrendLine } from "@/components/insights/trends/results";
import { PersonsDialog } from "@/components/lazy-dialogs";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatValue } from "@/lib/ui/format";

/** Where bucket `index` of the drawn lines starts (the current period's, when comparing). */
export const bucketStart = (lines: TrendLine[], index: number) =>
  (lines.find((line) => line.compare !== "previous") ?? lines[0])?.days[index] ?? "";

/** The persons dialog of a clicked point, with a chooser between the lines drawn there. */
export function PointPersons({
  point,
  lines,
  interval,
  onClose,
  onLine,
}: {
  point: { index: number; lineId: string | null };
  lines: TrendLine[];
  interval: string;
  onClose: () => void;
  onLine: (lineId: string) => void;
}) {
  const choices = lines.filter((line) => line.personsUrls?.[point.index]);
  const line = choices.find((candidate) => candidate.id === point.lineId) ?? choices[0];
  if (!line) return null;
  const date = line.days[point.index] ? formatBucket(line.days[point.index], interval) : "";
  return (
    <PersonsDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`${lineLabel(line, interval)} · ${date}`}
      url={line.personsUrls![point.index]}
      description={`The persons behind this point (value ${formatValue(line.data[point.index] ?? 0)}).`}
    >
      {choices.length > 1 ? (
        <Select value={line.id} onValueChange={onLine}>
          <SelectTrigger size="sm" aria-label="Series">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.id} value={choice.id}>
                {lineLabel(choice, interval)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
    </PersonsDialog>
  );
}
