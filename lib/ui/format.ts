export const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email;

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/** A calendar date such as "Mar 4, 2025"; "—" for none. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : "—");

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
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return "just now";
}

const numberFormat = new Intl.NumberFormat("en");

/** A count with thousands separators: "1,234". */
export const formatNumber = (value: number) => numberFormat.format(value);
