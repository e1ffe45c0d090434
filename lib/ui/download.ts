/** A file name for a download named after what it holds ("Sign-ups by week" → `sign-ups-by-week.csv`), else `fallback`. */
export function csvFileName(title: string | undefined, fallback: string): string {
  const slug = (title ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || fallback}.csv`;
}

/** Saves `text` as a file named `filename` (a download the browser asks nothing about, as a link's would). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
