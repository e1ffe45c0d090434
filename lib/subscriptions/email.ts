import type { OutgoingEmail } from "@/lib/email/transport";
import type { Report } from "./report";
import { escapeHtml } from "@/lib/email/html";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const shown = (value: number | null) => (value === null ? "–" : number.format(value));

function lineText(line: Report["sections"][number]["lines"][number]) {
  return line.latest === null
    ? `${line.label}: ${shown(line.total)}`
    : `${line.label}: latest ${shown(line.latest)}, total ${shown(line.total)}`;
}

/** The report as a mail to one address: the title as subject, a link, and the numbers in text and simple HTML. */
export function subscriptionEmail(to: string, report: Report, summary: string): OutgoingEmail {
  const intro = `${report.kind} "${report.name}", ${summary}.`;
  const text = [
    report.title,
    intro,
    report.url ? `Open it: ${report.url}` : null,
    ...report.sections.map((s) =>
      [
        report.kind === "Dashboard" ? `${s.name}${s.url ? ` (${s.url})` : ""}` : null,
        ...s.lines.map((l) => `- ${lineText(l)}`),
        s.more ? `- and ${s.more} more series` : null,
        s.note,
      ]
        .filter(Boolean)
        .join("\n"),
    ),
    report.moreTiles ? `And ${report.moreTiles} more insights on the dashboard.` : null,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<p>${escapeHtml(intro)}${report.url ? ` <a href="${escapeHtml(report.url)}">Open it in Hedgerow</a>` : ""}</p>`,
    ...report.sections.map((s) =>
      [
        report.kind === "Dashboard"
          ? `<h2>${s.url ? `<a href="${escapeHtml(s.url)}">${escapeHtml(s.name)}</a>` : escapeHtml(s.name)}</h2>`
          : "",
        s.lines.length
          ? `<table><tr><th align="left">Series</th><th align="right">Latest</th><th align="right">Total</th></tr>${s.lines
              .map(
                (l) =>
                  `<tr><td>${escapeHtml(l.label)}</td><td align="right">${escapeHtml(shown(l.latest))}</td><td align="right">${escapeHtml(shown(l.total))}</td></tr>`,
              )
              .join("")}</table>`
          : "",
        s.more ? `<p>And ${s.more} more series.</p>` : "",
        s.note ? `<p>${escapeHtml(s.note)}</p>` : "",
      ].join("\n"),
    ),
    report.moreTiles ? `<p>And ${report.moreTiles} more insights on the dashboard.</p>` : "",
  ].join("\n");
  return { to, subject: report.title, text: `${text}\n`, html };
}
