"use client";

import { SigmaIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { entityLetter } from "@/components/insights/controls/entity-list";
import { unknownSeriesLetters } from "@/components/insights/trends/formulas";
import { Button } from "@/components/ui/button";

/** Formulas over the series' letters, each drawn as its own line beside the series. */
export function FormulaList({
  formulas,
  seriesCount,
  onChange,
}: {
  formulas: string[];
  seriesCount: number;
  onChange: (formulas: string[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  const lastLetter = entityLetter(seriesCount - 1);
  return (
    <div className="grid gap-1.5">
      {formulas.map((formula, index) => (
        <FormulaRow
          key={`${index}:${formula}`}
          formula={formula}
          index={index}
          lastLetter={lastLetter}
          seriesCount={seriesCount}
          onCommit={(text) => onChange(text ? formulas.map((f, i) => (i === index ? text : f)) : formulas.filter((_, i) => i !== index))}
          onRemove={() => onChange(formulas.filter((_, i) => i !== index))}
        />
      ))}
      {adding ? (
        <FormulaRow
          formula=""
          index={formulas.length}
          lastLetter={lastLetter}
          seriesCount={seriesCount}
          autoFocus
          onCommit={(text) => {
            setAdding(false);
            if (text) onChange([...formulas, text]);
          }}
          onRemove={() => setAdding(false)}
        />
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => setAdding(true)}
        >
          <SigmaIcon /> Add formula
        </Button>
      )}
      {formulas.length ? <p className="text-xs text-muted-foreground">Each formula is drawn as its own line beside the series.</p> : null}
    </div>
  );
}

function FormulaRow({
  formula,
  index,
  lastLetter,
  seriesCount,
  autoFocus,
  onCommit,
  onRemove,
}: {
  formula: string;
  index: number;
  lastLetter: string;
  seriesCount: number;
  autoFocus?: boolean;
  onCommit: (text: string) => void;
  onRemove: () => void;
}) {
  const errorId = useId();
  const unknown = unknownSeriesLetters(formula, seriesCount);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1.5">
        <span className="grid size-6 shrink-0 place-items-center rounded bg-muted text-xs font-semibold italic" aria-hidden>
          ƒ{index + 1}
        </span>
        <CommitInput
          aria-label={`Formula ${index + 1}`}
          aria-invalid={unknown.length > 0 || undefined}
          aria-describedby={unknown.length ? errorId : undefined}
          placeholder={seriesCount > 1 ? "e.g. A / B * 100" : "e.g. A * 2"}
          className="h-8 font-mono"
          autoFocus={autoFocus}
          value={formula}
          onCommit={(text) => onCommit(text.trim())}
        />
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove formula ${index + 1}`} onClick={onRemove}>
          <XIcon />
        </Button>
      </div>
      {unknown.length ? (
        <p id={errorId} className="pl-7 text-xs text-destructive">
          There is no series {unknown.join(", ")}: use the letters A–{lastLetter}.
        </p>
      ) : null}
    </div>
  );
}
