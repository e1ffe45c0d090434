import type { SiteAppInput } from "./kinds";

/**
 * Pineapple Mode: a button in the page's corner that makes `emoji` fall across the page for a few seconds (or, with
 * the button hidden, one shower as the page loads). Visitors who ask for reduced motion get a short fade instead.
 */
export function pineappleMode({ config }: SiteAppInput): void {
  const emoji = config.emoji || "🍍";
  const host = document.createElement("div");
  host.setAttribute("data-hedgerow-site-app", "pineapple-mode");
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = [
    ".drop{position:fixed;top:-48px;font-size:32px;pointer-events:none;z-index:2147483000;animation:fall linear forwards}",
    "@keyframes fall{to{transform:translateY(calc(100vh + 96px)) rotate(360deg)}}",
    "@media (prefers-reduced-motion: reduce){.drop{top:40%;animation:fade 1s ease-out forwards}@keyframes fade{to{opacity:0}}}",
    ".toggle{position:fixed;left:20px;bottom:20px;z-index:2147483000;width:48px;height:48px;border-radius:50%;border:1px solid #d0d7de;",
    "background:#fff;font-size:24px;cursor:pointer;box-shadow:0 2px 8px rgb(0 0 0 / 15%)}",
    ".toggle:focus-visible{outline:2px solid #1d4aff;outline-offset:2px}",
  ].join("");
  shadow.append(style);
  const shower = () => {
    for (let i = 0; i < 40; i++) {
      const drop = document.createElement("span");
      drop.className = "drop";
      drop.textContent = emoji;
      drop.style.left = `${Math.random() * 100}vw`;
      drop.style.animationDuration = `${2 + Math.random() * 2}s`;
      drop.style.animationDelay = `${Math.random() * 1.5}s`;
      drop.addEventListener("animationend", () => drop.remove());
      shadow.append(drop);
    }
  };
  if (config.showButton === "No") {
    shower();
  } else {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "toggle";
    button.setAttribute("aria-label", `${emoji} mode`);
    button.textContent = emoji;
    button.addEventListener("click", shower);
    shadow.append(button);
  }
  document.body.append(host);
}
