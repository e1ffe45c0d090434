"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TFunnelStep, TPathEdge, TRetentionCohort, TTrendItem } from "@/lib/ui/types";

// A read-only rendering of an analysis result as PostHog returns it: a line per trend series, a bar per funnel
// step, the retention cohort table, the busiest path transitions.

const COLORS = ["#1d4ed8", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777"];


export function InsightResult({ kind, result }: { kind: string; result: unknown }) {
  if (!Array.isArray(result) || result.length === 0) return <p className="text-sm text-muted-foreground">No data in this range.</p>;
  if (kind === "TRENDS") return <TrendChart items={result as TTrendItem[]} />;
  if (kind === "FUNNELS") return <FunnelChart steps={(Array.isArray(result[0]) ? result[0] : result) as TFunnelStep[]} />;
  if (kind === "RETENTION") return <RetentionTable cohorts={result as TRetentionCohort[]} />;
  if (kind === "PATHS") return <PathTable edges={result as TPathEdge[]} />;
  return null;
}

const seriesName = (item: TTrendItem) => (item.breakdown_value !== undefined ? `${item.label} — ${item.breakdown_value}` : item.label);

function TrendChart({ items }: { items: TTrendItem[] }) {
  if (items[0].aggregated_value !== undefined) {
    const rows = items.map((item) => ({ name: seriesName(item), value: item.aggregated_value ?? 0 }));
    return (
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" fontSize={12} />
          <YAxis fontSize={12} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="value" fill={COLORS[0]} />
        </BarChart>
      </ResponsiveContainer>
    );
  }
  const rows = items[0].labels.map((label, i) => Object.fromEntries([["label", label], ...items.map((item, s) => [`s${s}`, item.data[i] ?? 0])]));
  return (
    <ResponsiveContainer width="100%" height={320}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis fontSize={12} allowDecimals={false} />
        <Tooltip />
        <Legend />
        {items.map((item, s) => (
          <Line key={s} type="monotone" dataKey={`s${s}`} name={seriesName(item)} stroke={COLORS[s % COLORS.length]} strokeWidth={2} dot={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

function FunnelChart({ steps }: { steps: TFunnelStep[] }) {
  const first = steps[0]?.count || 0;
  const rows = steps.map((step) => ({
    name: `${step.order + 1}. ${step.custom_name || step.name}`,
    count: step.count,
    conversion: first ? `${((step.count / first) * 100).toFixed(1)}%` : "0%",
  }));
  return (
    <div className="grid gap-4">
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" fontSize={12} />
          <YAxis fontSize={12} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name="Persons" fill={COLORS[0]} />
        </BarChart>
      </ResponsiveContainer>
      <ol className="grid gap-1 text-sm">
        {rows.map((row) => (
          <li key={row.name} className="flex justify-between border-b py-1">
            <span>{row.name}</span>
            <span className="tabular-nums">
              {row.count.toLocaleString()} · {row.conversion}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function RetentionTable({ cohorts }: { cohorts: TRetentionCohort[] }) {
  const periods = Math.max(...cohorts.map((c) => c.values.length));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th className="py-1 pr-4 font-medium">Cohort</th>
            {Array.from({ length: periods }, (_, i) => (
              <th key={i} className="px-2 py-1 text-right font-medium">
                {i}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => {
            const size = cohort.values[0]?.count ?? 0;
            return (
              <tr key={cohort.label} className="border-b">
                <td className="py-1 pr-4">{cohort.label}</td>
                {cohort.values.map((value, i) => (
                  <td key={i} className="px-2 py-1 text-right" title={`${value.count} persons`}>
                    {i === 0 ? size : size ? `${Math.round((value.count / size) * 100)}%` : "–"}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PathTable({ edges }: { edges: TPathEdge[] }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th className="py-1 font-medium">From</th>
          <th className="py-1 font-medium">To</th>
          <th className="py-1 text-right font-medium">Persons</th>
        </tr>
      </thead>
      <tbody>
        {edges.slice(0, 25).map((edge) => (
          <tr key={`${edge.source}→${edge.target}`} className="border-b">
            <td className="py-1 pr-4">{edge.source}</td>
            <td className="py-1 pr-4">{edge.target}</td>
            <td className="py-1 text-right tabular-nums">{edge.value.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
