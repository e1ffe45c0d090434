"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { TPathCleaningRule } from "@/lib/analytics/paths/schemas";

type PathCleaningRule = TPathCleaningRule;

/** Why a cleaning rule's regex would be refused, or null. (The API runs RE2, which accepts less than JavaScript.) */
function regexProblem(regex: string): string | null {
  if (!regex) return "Enter a regular expression.";
  try {
    new RegExp(regex);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : "Invalid regular expression.";
  }
}

/** Path cleaning rules, regex → alias, each editable in place; a rule whose regex does not compile is not kept. */
export function CleaningRules({ rules, onChange }: { rules: PathCleaningRule[]; onChange: (rules: PathCleaningRule[]) => void }) {
  const [draft, setDraft] = useState<PathCleaningRule | null>(null);
  const problem = draft?.regex ? regexProblem(draft.regex) : null;
  const saveDraft = () => {
    if (!draft || regexProblem(draft.regex)) return;
    onChange([...rules, draft]);
    setDraft(null);
  };
  return (
    <div className="grid gap-1.5">
      {rules.map((rule, index) => (
        <CleaningRuleRow
          key={`${index}:${rule.regex}:${rule.alias}`}
          index={index}
          rule={rule}
          onChange={(next) => onChange(rules.map((r, i) => (i === index ? next : r)))}
          onRemove={() => onChange(rules.filter((_, i) => i !== index))}
        />
      ))}
      {draft ? (
        <form
          className="grid gap-1.5 rounded-md border border-dashed p-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            saveDraft();
          }}
        >
          <div className="flex items-center gap-1.5">
            <Input
              autoFocus
              aria-label="New rule regex"
              aria-invalid={problem ? true : undefined}
              placeholder="/product/\d+"
              className="h-8 flex-1 font-mono"
              value={draft.regex}
              onChange={(event) => setDraft({ ...draft, regex: event.target.value })}
            />
            <span aria-hidden className="text-muted-foreground">
              →
            </span>
            <Input
              aria-label="New rule alias"
              placeholder="/product/:id"
              className="h-8 flex-1 font-mono"
              value={draft.alias}
              onChange={(event) => setDraft({ ...draft, alias: event.target.value })}
            />
          </div>
          {problem ? (
            <p role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex gap-1.5">
            <Button type="submit" size="sm" disabled={!draft.regex || Boolean(problem)}>
              Add rule
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => setDraft({ regex: "", alias: "" })}
        >
          <PlusIcon /> Add rule
        </Button>
      )}
    </div>
  );
}

function CleaningRuleRow({
  index,
  rule,
  onChange,
  onRemove,
}: {
  index: number;
  rule: PathCleaningRule;
  onChange: (rule: PathCleaningRule) => void;
  onRemove: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <fieldset className="grid gap-1" aria-label={`Rule ${index + 1}`}>
      <div className="flex items-center gap-1.5">
        <CommitInput
          aria-label={`Rule ${index + 1} regex`}
          aria-invalid={problem ? true : undefined}
          className="h-8 font-mono"
          value={rule.regex}
          onCommit={(regex) => {
            const invalid = regexProblem(regex);
            setProblem(invalid);
            if (!invalid) onChange({ ...rule, regex });
          }}
        />
        <span aria-hidden className="text-muted-foreground">
          →
        </span>
        <CommitInput
          aria-label={`Rule ${index + 1} alias`}
          className="h-8 font-mono"
          value={rule.alias}
          onCommit={(alias) => onChange({ ...rule, alias })}
        />
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove rule ${index + 1}`} onClick={onRemove}>
          <XIcon />
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
