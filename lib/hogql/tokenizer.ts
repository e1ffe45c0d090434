import { HogQLSyntaxError } from "./errors";

type TokenType = "word" | "identifier" | "string" | "number" | "op" | "eof";

export interface Token {
  type: TokenType;
  /** A word as written, an identifier or string unescaped, an operator, a number's text. */
  text: string;
  at: number;
}

/** Longest first: the tokenizer takes the first that matches. */
const OPERATORS = [
  "<=",
  ">=",
  "!=",
  "<>",
  "==",
  "||",
  "=~",
  "!~",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ".",
  "*",
  "+",
  "-",
  "/",
  "%",
  "=",
  "<",
  ">",
  ";",
];

const STRING_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", b: "\b", f: "\f", v: "\v", a: "\x07" };

const isWordStart = (c: string) => /[A-Za-z_$]/.test(c);
const isWordPart = (c: string) => /[A-Za-z0-9_$]/.test(c);

/**
 * HogQL's tokens. Comments (`-- …`, `/* … *\/`) are dropped: they never reach the SQL, which is printed from the
 * syntax tree. Strings (`'…'`) and quoted identifiers (`` `…` ``, `"…"`) take backslash escapes and doubled quotes.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (at: number, reason: string): never => {
    throw new HogQLSyntaxError(text, at, reason);
  };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) fail(i, "a comment is not closed (missing */)");
      i = end + 2;
      continue;
    }
    if (c === "'" || c === "`" || c === '"') {
      const start = i;
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length)
          fail(start, c === "'" ? "a string is not closed (missing ')" : `a quoted identifier is not closed (missing ${c})`);
        const d = text[i];
        if (d === "\\") {
          const next = text[i + 1];
          if (next === undefined) fail(i, "a string ends with a lone backslash");
          value += STRING_ESCAPES[next] ?? next;
          i += 2;
        } else if (d === c) {
          if (text[i + 1] === c) {
            value += c;
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          value += d;
          i++;
        }
      }
      tokens.push({ type: c === "'" ? "string" : "identifier", text: value, at: start });
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      const match = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i))!;
      if (isWordPart(text[i + match[0].length] ?? "")) fail(i, `"${text.slice(i, i + match[0].length + 1)}" is not a number`);
      tokens.push({ type: "number", text: match[0], at: i });
      i += match[0].length;
      continue;
    }
    if (isWordStart(c)) {
      const start = i;
      while (i < text.length && isWordPart(text[i])) i++;
      tokens.push({ type: "word", text: text.slice(start, i), at: start });
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) fail(i, `unexpected character ${JSON.stringify(c)}`);
    tokens.push({ type: "op", text: op!, at: i });
    i += op!.length;
  }
  tokens.push({ type: "eof", text: "", at: text.length });
  return tokens;
}
