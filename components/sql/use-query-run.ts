"use client";

import { useCallback, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";
import { type HogQLAnswer, type HogQLFilters, runHogQLQuery } from "@/lib/ui/sql/queries";
import type { QueryErrorMark } from "./hogql-editor";

export type RunState =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; answer: HogQLAnswer }
  | { status: "failed"; message: string; mark: QueryErrorMark | null }
  | { status: "cancelled" };

/** A HogQL error's place in the text, when the API's 400 says it (`start`, `end`). */
function markOf(error: unknown): QueryErrorMark | null {
  return error instanceof ApiRequestError && error.span ? { ...error.span, message: error.detail } : null;
}

/** Runs queries one at a time: a new run or `cancel` aborts the request under way. */
export function useQueryRun(projectId: number) {
  const [state, setState] = useState<RunState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (query: string, filters?: HogQLFilters) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: "running" });
      try {
        const answer = await runHogQLQuery(projectId, query, current.signal, filters);
        if (controller.current === current) setState({ status: "done", answer });
      } catch (error) {
        if (controller.current !== current) return;
        if (current.signal.aborted) setState({ status: "cancelled" });
        else setState({ status: "failed", message: errorMessage(error), mark: markOf(error) });
      }
    },
    [projectId],
  );

  const cancel = useCallback(() => {
    const current = controller.current;
    if (!current) return;
    current.abort();
    setState({ status: "cancelled" });
  }, []);

  return { state, run, cancel };
}
