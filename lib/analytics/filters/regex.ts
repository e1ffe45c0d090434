// Regular expressions as ClickHouse runs them (RE2), written and checked in JavaScript.

export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Why ClickHouse could not run `pattern`, or null when it can: a JavaScript syntax check, plus what JavaScript
 * accepts and RE2 refuses (lookarounds, backreferences).
 */
export function regexProblem(pattern: string): string | null {
  try {
    // RE2's inline flags (`(?i)`, `(?i:…)`) are not JavaScript's.
    new RegExp(pattern.replace(/\(\?[imsU]+\)/g, "").replace(/\(\?[imsU]+:/g, "(?:"));
  } catch (error) {
    return (error as Error).message;
  }
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || (next === "k" && pattern[i + 2] === "<"))) return "backreferences are not supported";
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]") i++;
    } else if (c === "(" && pattern[i + 1] === "?" && /^(=|!|<=|<!)/.test(pattern.slice(i + 2, i + 4))) {
      return "lookahead and lookbehind are not supported";
    }
  }
  return null;
}
