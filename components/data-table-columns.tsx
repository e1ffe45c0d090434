import { formatDate } from "@/lib/ui/format";

// Column options the tables share; each table spreads them into its own column helper.

/** A row's buttons, last: a header only screen readers read, the column as narrow as its buttons. */
export const ACTIONS_COLUMN = {
  id: "actions",
  header: () => <span className="sr-only">Actions</span>,
  meta: { className: "w-0 text-right" },
} as const;

/** A creation or change date: the date alone, muted, newest first on the first click. */
export const DATE_COLUMN = {
  sortFn: "basic",
  sortDescFirst: true,
  cell: ({ getValue }: { getValue: () => unknown }) => formatDate(getValue() as string | null),
  meta: { className: "text-muted-foreground" },
} as const;
