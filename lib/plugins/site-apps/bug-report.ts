import type { SiteAppInput } from "./kinds";

/**
 * Bug Report: a button in the page's corner that opens a small form; sending it captures `eventName` with the text as
 * `$bug` (and the visitor's email when given), so reports arrive as events. Escape or Cancel closes the form and
 * focus returns to the button.
 */
export function bugReport({ config, posthog }: SiteAppInput): void {
  const host = document.createElement("div");
  host.setAttribute("data-hedgerow-site-app", "bug-report");
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = [
    ":host{all:initial}",
    ".open,.panel{position:fixed;right:20px;bottom:20px;z-index:2147483000;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
    ".open{border:0;border-radius:999px;padding:12px 16px;background:#1d4aff;color:#fff;cursor:pointer;box-shadow:0 2px 8px rgb(0 0 0 / 20%)}",
    ".panel{display:flex;flex-direction:column;gap:8px;width:320px;padding:16px;background:#fff;color:#1f2328;border:1px solid #d0d7de;",
    "border-radius:8px;box-shadow:0 8px 24px rgb(0 0 0 / 15%)}",
    ".panel[hidden]{display:none}label{font-weight:600}textarea,input{font:inherit;padding:6px 8px;border:1px solid #8c959f;border-radius:4px}",
    ".actions{display:flex;justify-content:flex-end;gap:8px}.actions button{font:inherit;padding:6px 12px;border-radius:4px;cursor:pointer}",
    ".send{background:#1d4aff;color:#fff;border:1px solid #1d4aff}.send:disabled{opacity:.6;cursor:not-allowed}",
    ".cancel{background:#fff;color:#1f2328;border:1px solid #8c959f}",
    "button:focus-visible,textarea:focus-visible,input:focus-visible{outline:2px solid #1d4aff;outline-offset:2px}",
  ].join("");
  const open = document.createElement("button");
  open.type = "button";
  open.className = "open";
  open.textContent = config.buttonText || "🐞 Report a bug";
  const form = document.createElement("form");
  form.className = "panel";
  form.hidden = true;
  form.setAttribute("aria-label", "Report a bug");
  form.innerHTML = [
    '<label for="bug">What went wrong?</label><textarea id="bug" rows="5" maxlength="5000" required></textarea>',
    '<label for="email">Your email (optional)</label><input id="email" type="email" autocomplete="email" maxlength="320">',
    '<div class="actions"><button type="button" class="cancel">Cancel</button><button type="submit" class="send" disabled>Send</button></div>',
    '<p class="thanks" role="status"></p>',
  ].join("");
  const text = form.querySelector("textarea") as HTMLTextAreaElement;
  const email = form.querySelector("input") as HTMLInputElement;
  const send = form.querySelector(".send") as HTMLButtonElement;
  const status = form.querySelector(".thanks") as HTMLParagraphElement;
  const close = () => {
    form.hidden = true;
    open.hidden = false;
    open.focus();
  };
  open.addEventListener("click", () => {
    open.hidden = true;
    form.hidden = false;
    status.textContent = "";
    text.focus();
  });
  text.addEventListener("input", () => {
    send.disabled = !text.value.trim();
  });
  (form.querySelector(".cancel") as HTMLButtonElement).addEventListener("click", close);
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const properties: Record<string, unknown> = { $bug: text.value.trim() };
    if (email.value.trim()) properties.email = email.value.trim();
    posthog.capture(config.eventName || "bug_report", properties);
    form.reset();
    send.disabled = true;
    status.textContent = "Thank you! Your report was sent.";
    setTimeout(close, 1500);
  });
  shadow.append(style, open, form);
  document.body.append(host);
}
