"use client";

import { useMutation } from "@tanstack/react-query";
import { FlaskConicalIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import type { TPluginConfigTest } from "@/lib/plugins/test-schemas";
import { errorMessage } from "@/lib/ui/api-client";
import { testPluginConfigMutation } from "@/lib/ui/pipeline/mutations";

/** The typed event, or why it cannot be sent; empty means the server's sample event. */
function parseEvent(text: string): { event?: TPluginConfigTest["event"]; problem?: string } {
  if (!text.trim()) return {};
  try {
    const event = JSON.parse(text);
    if (event && typeof event === "object" && !Array.isArray(event)) return { event };
  } catch {
    // Answered below, like any other shape.
  }
  return { problem: 'Enter the event as a JSON object, for example {"event": "signed up", "properties": {}}.' };
}

/**
 * Runs the app, with its saved settings, on an event (a sample one when none is typed) and shows what it would do:
 * the event it makes (or that it drops it), or the requests a destination would send. Nothing is stored or sent.
 */
export function TestPanel({ projectId, configId }: { projectId: number; configId: number }) {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const test = useMutation(testPluginConfigMutation());
  const run = () => {
    const parsed = parseEvent(text);
    setProblem(parsed.problem ?? null);
    if (!parsed.problem) test.mutate({ projectId, configId, event: parsed.event });
  };
  const result = test.data;
  const output = result?.kind === "transformation" ? result.event : result?.requests?.length ? result.requests : null;
  const heading =
    result?.kind === "transformation"
      ? result.event
        ? "The event after this app"
        : "This app drops the event."
      : result && (result.requests?.length ? "Requests it would send (not sent)" : "It would send nothing for this event.");
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Test with the saved settings
      </h3>
      <Field
        label="Event (JSON)"
        htmlFor={`${id}-event`}
        description="Leave empty to use a sample $pageview. Nothing is stored or sent."
        error={problem ?? undefined}
      >
        <Textarea
          id={`${id}-event`}
          className="font-mono"
          rows={3}
          value={text}
          aria-invalid={!!problem}
          aria-describedby={fieldMessageId(`${id}-event`)}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <div>
        <Button type="button" variant="outline" onClick={run} disabled={test.isPending}>
          <FlaskConicalIcon /> {test.isPending ? "Testing…" : "Test"}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="grid gap-1">
        {test.error && !test.isPending && <p className="text-sm text-destructive">{errorMessage(test.error)}</p>}
        {result && !test.isPending && (
          <>
            <p className="text-sm">{heading}</p>
            {output && (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
              <section aria-label="Test output" tabIndex={0} className="max-h-64 overflow-auto rounded bg-muted p-2">
                <pre className="text-xs">{JSON.stringify(output, null, 2)}</pre>
              </section>
            )}
          </>
        )}
      </div>
    </section>
  );
}
