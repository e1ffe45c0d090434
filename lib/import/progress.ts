import type { ImportProgress } from "./import";

const number = (n: number) => Math.round(n).toLocaleString("en-US");
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** One status line: files and bytes done, events stored, their rate, bad rows, and what is being done. */
function progressLine(progress: ImportProgress): string {
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? progress.events / seconds : 0;
  const doing =
    progress.phase === "done"
      ? "done"
      : `${{ reading: "reading", apps: "apps on", persons: "persons of", events: "events of" }[progress.phase]} ${progress.file}`;
  return (
    `${progress.filesDone}/${progress.files} files, ${megabytes(progress.bytesDone)} of ${megabytes(progress.bytes)}, ` +
    `${number(progress.events)} events (${number(rate)}/s), ${number(progress.badRows)} bad rows, ${seconds.toFixed(0)} s: ${doing}`
  );
}

/**
 * A progress reporter for `stream`: on a terminal, a bar redrawn in place (by bytes of files done); otherwise a
 * plain line at most every `intervalMs` and at the end, so a log stays readable.
 */
export function progressReporter(stream: NodeJS.WriteStream, intervalMs = 5_000) {
  let lastLine = 0;
  const width = 30;
  return {
    update(progress: ImportProgress) {
      const final = progress.phase === "done";
      if (stream.isTTY) {
        const share = progress.bytes > 0 ? progress.bytesDone / progress.bytes : 1;
        const filled = Math.round(share * width);
        const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%`;
        const columns = stream.columns ?? 120;
        stream.write(`\r\x1b[K${`${bar} ${progressLine(progress)}`.slice(0, columns - 1)}${final ? "\n" : ""}`);
        return;
      }
      if (!final && Date.now() - lastLine < intervalMs) return;
      lastLine = Date.now();
      stream.write(`${progressLine(progress)}\n`);
    },
    /** Writes a line above the bar (a bad row), which is then redrawn by the next update. */
    note(line: string) {
      stream.write(stream.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`);
    },
  };
}
