"use client";

import { EventPicker } from "@/components/insights/controls/event-picker";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  type BehavioralCriterion,
  COUNT_OPERATORS,
  type CountOperator,
  TIME_INTERVALS,
  type TimeInterval,
  withMultiple,
} from "@/lib/ui/cohorts/criteria";

const COUNT_LABELS: Record<CountOperator, string> = { gte: "at least", lte: "at most", gt: "more than", lt: "fewer than", eq: "exactly" };

/** "performed <event> [N times] in the last N days|weeks|months|years". */
export function BehavioralCriterionFields({
  projectId,
  criterion,
  label,
  onChange,
}: {
  projectId: number;
  criterion: BehavioralCriterion;
  label: string;
  onChange: (criterion: BehavioralCriterion) => void;
}) {
  const multiple = criterion.value === "performed_event_multiple";
  const whole = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  return (
    <>
      <EventPicker
        projectId={projectId}
        value={criterion.key ? { id: criterion.key, type: "events", name: criterion.key } : null}
        label={`${label} event`}
        allowAllEvents={false}
        withActions={false}
        size="sm"
        className="max-w-56"
        onChange={(event) => onChange({ ...criterion, key: String(event.id) })}
      />
      <Select value={multiple ? "multiple" : "once"} onValueChange={(how) => onChange(withMultiple(criterion, how === "multiple"))}>
        <SelectTrigger size="sm" aria-label={`${label} how often`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="once">at least once</SelectItem>
          <SelectItem value="multiple">a number of times</SelectItem>
        </SelectContent>
      </Select>
      {multiple ? (
        <>
          <Select
            value={criterion.operator ?? "gte"}
            onValueChange={(operator) => onChange({ ...criterion, operator: operator as CountOperator })}
          >
            <SelectTrigger size="sm" aria-label={`${label} count comparison`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {COUNT_OPERATORS.map((operator) => (
                <SelectItem key={operator} value={operator}>
                  {COUNT_LABELS[operator]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <CommitInput
            type="number"
            min={0}
            className="h-8 w-20"
            aria-label={`${label} count`}
            value={String(criterion.operator_value ?? "")}
            onCommit={(text) => onChange({ ...criterion, operator_value: whole(text) })}
          />
          <span className="text-sm">times</span>
        </>
      ) : null}
      <span className="text-sm">in the last</span>
      <CommitInput
        type="number"
        min={1}
        className="h-8 w-20"
        aria-label={`${label} number of periods`}
        value={String(criterion.time_value)}
        onCommit={(text) => onChange({ ...criterion, time_value: whole(text) })}
      />
      <Select
        value={criterion.time_interval}
        onValueChange={(interval) => onChange({ ...criterion, time_interval: interval as TimeInterval })}
      >
        <SelectTrigger size="sm" aria-label={`${label} period`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TIME_INTERVALS.map((interval) => (
            <SelectItem key={interval} value={interval}>
              {interval}s
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
