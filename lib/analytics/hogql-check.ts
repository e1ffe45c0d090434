import { personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import { MAX_EXPRESSIONS, hogqlAggregateSql, hogqlBreakdownSql, hogqlFilterSql } from "@/lib/analytics/filters/hogql";
import { getAnalysisStore } from "@/lib/analytics/store";
import { expressionError } from "@/lib/analytics/filters/hogql-marks";
import { validationError } from "@/lib/api/errors";
import { queryErrorMessage } from "@/lib/hogql/errors";

/** A HogQL expression of an analysis request, with the field it came from. */
interface Found {
  text: unknown;
  use: "filter" | "breakdown" | "aggregate";
  attr: string;
}

/** GET query parameters carry lists and objects as JSON text. */
function parsed(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Every HogQL expression of a legacy analysis filter: hogql property filters anywhere, the breakdown, `math_hogql`s. */
export function hogqlExpressionsOf(request: Record<string, unknown>): Found[] {
  const found: Found[] = [];
  if (request.breakdown_type === "hogql") found.push({ text: request.breakdown, use: "breakdown", attr: "breakdown" });
  const visit = (value: unknown, depth: number) => {
    const node = parsed(value);
    if (depth > 32 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === "hogql" && "key" in record) found.push({ text: record.key, use: "filter", attr: "properties" });
    if (record.math === "hogql") found.push({ text: record.math_hogql, use: "aggregate", attr: "math_hogql" });
    for (const [key, child] of Object.entries(record)) if (key !== "breakdown") visit(child, depth + 1);
  };
  visit(request, 0);
  return found;
}

const FROM = `FROM events AS e ${personIdJoin("{team:Int64}")} ${personPropertiesJoin("{team:Int64}")} WHERE e.team_id = {team:Int64}`;

/** The query whose types the engine checks for one expression (DESCRIBE: analysed, never run). */
function probeSql({ text, use, attr }: Found): string {
  if (use === "aggregate") {
    const { columns, sql } = hogqlAggregateSql(text, "h", attr);
    const inner = columns.length ? columns.map((c, i) => `${c} AS h${i}`).join(", ") : "1";
    return `SELECT ${sql} FROM (SELECT ${inner} ${FROM})`;
  }
  if (use === "breakdown") return `SELECT ${hogqlBreakdownSql(text, attr).sql} ${FROM}`;
  // A condition must be a number (a boolean): `if` says so for the types a WHERE would refuse mid-analysis.
  return `SELECT if(${hogqlFilterSql(text, attr).sql}, 1, 0) ${FROM}`;
}

/**
 * The 400s of an analysis' HogQL expressions, before anything runs: what the compiler refuses, then what the engine
 * finds wrong with their types (`sum(event)`, a text as a condition), which would otherwise fail mid-analysis.
 */
export async function checkHogQLExpressions(teamId: number, request: Record<string, unknown>): Promise<void> {
  const found = hogqlExpressionsOf(request);
  if (found.length === 0) return;
  if (found.length > MAX_EXPRESSIONS)
    throw validationError(`An analysis may hold at most ${MAX_EXPRESSIONS} HogQL expressions.`, found[MAX_EXPRESSIONS].attr, "max_length");
  const probes = found.map((f) => ({ ...f, sql: probeSql(f) }));
  const store = await getAnalysisStore(teamId);
  for (const probe of probes) {
    try {
      await store.query(`DESCRIBE TABLE (${probe.sql})`, { team: teamId });
    } catch (error) {
      // A data error is answered by the analysis store already; the others of the expression's text here.
      const reason = queryErrorMessage(error);
      if (reason === null) throw error;
      throw expressionError(reason, probe.attr);
    }
  }
}
