/** Saves `text` as a file named `filename` (a download the browser asks nothing about, as a link's would). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
