import type { SiteAppInput } from "./kinds";

/**
 * Notification Bar: a banner across the top of the page with the admin's HTML, closed by its button (and kept closed
 * when `rememberClose` is "yes"); only on the listed `domains` when some are. Drawn in a shadow root so the site's
 * styles and the bar's do not mix.
 */
export function notificationBar({ config }: SiteAppInput): void {
  const domains = (config.domains || "")
    .split(",")
    .map((domain) => domain.trim())
    .filter(Boolean);
  if (domains.length && domains.indexOf(window.location.hostname) === -1) return;
  const closedKey = `hedgerow-notification-bar:${config.notification}`;
  const remember = config.rememberClose !== "no";
  try {
    if (remember && window.localStorage.getItem(closedKey)) return;
  } catch {
    // Storage can be blocked (private modes); the bar then shows on every page.
  }
  const host = document.createElement("div");
  host.setAttribute("data-hedgerow-site-app", "notification-bar");
  host.style.cssText = `${config.position === "top-of-page" ? "position:relative" : "position:sticky;top:0"};z-index:2147483000`;
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = [
    `.bar{display:flex;align-items:center;justify-content:center;gap:12px;min-height:48px;padding:8px 48px;box-sizing:border-box;`,
    `background:${config.backgroundColor || "#ebece8"};color:#1f2328;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;position:relative}`,
    ".bar p{margin:0;text-align:center}.bar a{color:inherit}",
    ".close{position:absolute;right:8px;top:50%;transform:translateY(-50%);border:0;background:transparent;font-size:20px;line-height:1;padding:8px;cursor:pointer;color:inherit}",
    ".close:focus-visible{outline:2px solid currentColor;outline-offset:2px}",
  ].join("");
  const bar = document.createElement("div");
  bar.className = "bar";
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-label", "Notification");
  const text = document.createElement("p");
  // The admin's own HTML, as PostHog's app shows it: links and emphasis are the point.
  text.innerHTML = config.notification || "";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.setAttribute("aria-label", "Close notification");
  close.textContent = "×";
  close.addEventListener("click", () => {
    host.remove();
    try {
      if (remember) window.localStorage.setItem(closedKey, "1");
    } catch {
      // Not remembered where storage is blocked.
    }
  });
  bar.append(text, close);
  shadow.append(style, bar);
  document.body.prepend(host);
}
