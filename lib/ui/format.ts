export const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email;

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/** A calendar date such as "Mar 4, 2025"; "—" for none. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : "—");

const dateTimeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

/** A moment in the viewer's time zone, to the second: "Mar 4, 2025, 2:03:22 PM"; "—" for none. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeFormat.format(new Date(iso)) : "—");

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 days ago", "just now"; "Never" for none. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "Never";
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return "just now";
}

const countFormat = new Intl.NumberFormat("en");
const compactFormat = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** A whole count with thousands separators: "12,345". */
export const formatCount = (value: number) => countFormat.format(value);

/** A number short enough for an axis or a tile: "12.3K", "4.5M". */
export const formatCompact = (value: number) => compactFormat.format(value);

const decimalFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

/** Any value of a chart: separators, at most two decimals. */
export const formatValue = (value: number) => decimalFormat.format(value);

/** A ratio (0.125) as a percentage: "12.5%". */
export const formatPercent = (ratio: number, digits = 1) => `${(ratio * 100).toFixed(digits)}%`;

/** A duration in seconds, in the largest sensible units: "45s", "3m 20s", "2h 5m", "3d 4h". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ""}`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)}m` : ""}`;
  return `${Math.floor(s / 86400)}d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)}h` : ""}`;
}
