import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags as t } from "@lezer/highlight";

// The editor in the app's colours; syntax colours chosen for 4.5:1 contrast on the card in each theme (axe-clean).

const surface = (dark: boolean) =>
  EditorView.theme(
    {
      "&": { backgroundColor: "var(--card)", color: "var(--card-foreground)" },
      ".cm-content": { caretColor: "var(--foreground)", fontFamily: "var(--font-mono, ui-monospace, monospace)" },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--foreground)" },
      ".cm-gutters": { backgroundColor: "var(--muted)", color: "var(--muted-foreground)", borderRight: "1px solid var(--border)" },
      ".cm-activeLineGutter": { backgroundColor: "var(--accent)", color: "var(--accent-foreground)" },
      "&.cm-focused": { outline: "2px solid var(--ring)" },
    },
    { dark },
  );

const LIGHT = { keyword: "#7a1fa2", string: "#0b6b2b", number: "#9a3f05", comment: "#56606b", type: "#0b5cad" };
const DARK = { keyword: "#d8a6ff", string: "#8fd9a0", number: "#f5b07a", comment: "#a3acb6", type: "#8cc4ff" };

const highlighting = (colors: typeof LIGHT) =>
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [t.keyword, t.operatorKeyword, t.bool, t.null], color: colors.keyword, fontWeight: "600" },
      { tag: [t.string, t.special(t.string)], color: colors.string },
      { tag: t.number, color: colors.number },
      { tag: [t.comment, t.lineComment, t.blockComment], color: colors.comment, fontStyle: "italic" },
      { tag: [t.typeName, t.standard(t.name), t.propertyName], color: colors.type },
    ]),
  );

export const lightEditorTheme = [surface(false), highlighting(LIGHT)];
export const darkEditorTheme = [surface(true), highlighting(DARK)];
