"use client";

import { closeCompletion } from "@codemirror/autocomplete";
import { sql, StandardSQL } from "@codemirror/lang-sql";
import { type Diagnostic, setDiagnostics } from "@codemirror/lint";
import { Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import CodeMirror from "@uiw/react-codemirror";
import { useTheme } from "next-themes";
import { useEffect, useMemo, useRef } from "react";
import { darkEditorTheme, lightEditorTheme } from "./editor-theme";
import { HOGQL_SCHEMA, type Taxonomy, taxonomyCompletion } from "./completion";

/** Where the last run's error is in the query text (offsets, end exclusive), and what it says. */
export interface QueryErrorMark {
  start: number;
  end: number;
  message: string;
}

/**
 * The HogQL editor (CodeMirror 6): SQL highlighting, completion of tables, fields and the taxonomy's names,
 * Ctrl+Enter (Cmd+Enter on a Mac) runs, Tab leaves the editor; `error` is underlined where it is.
 */
export function HogQLEditor({
  value,
  onChange,
  onRun,
  taxonomy,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  taxonomy: Taxonomy;
  error: QueryErrorMark | null;
}) {
  const { resolvedTheme } = useTheme();
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onRun, taxonomy });
  latest.current = { onRun, taxonomy };

  // Built once: what changes (the run, the taxonomy) is read through `latest`.
  const extensions = useMemo(() => {
    const runFromKeys = (editor: EditorView) => {
      closeCompletion(editor);
      latest.current.onRun();
      return true;
    };
    return [
      sql({ dialect: StandardSQL, schema: HOGQL_SCHEMA, upperCaseKeywords: true }),
      StandardSQL.language.data.of({ autocomplete: taxonomyCompletion(() => latest.current.taxonomy) }),
      Prec.highest(
        keymap.of([
          { key: "Mod-Enter", run: runFromKeys },
          { key: "Ctrl-Enter", run: runFromKeys },
        ]),
      ),
      EditorView.contentAttributes.of({ "aria-label": "HogQL query", "aria-describedby": "sql-editor-help" }),
      EditorView.lineWrapping,
    ];
  }, []);

  // The error's mark follows the run that produced it; editing the text moves it with the text, as CodeMirror maps it.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const length = current.state.doc.length;
    const diagnostics: Diagnostic[] = error
      ? [
          {
            from: Math.min(error.start, length),
            to: Math.min(Math.max(error.end, error.start), length),
            severity: "error",
            message: error.message,
          },
        ]
      : [];
    current.dispatch(setDiagnostics(current.state, diagnostics));
  }, [error]);

  return (
    <div className="overflow-hidden rounded-lg border bg-card text-sm" data-testid="hogql-editor">
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={resolvedTheme === "dark" ? darkEditorTheme : lightEditorTheme}
        indentWithTab={false}
        minHeight="10rem"
        maxHeight="24rem"
        autoFocus
        onCreateEditor={(created) => {
          view.current = created;
        }}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </div>
  );
}
