import { CodeBlock } from "@/components/copy-button";

/** What each snippet needs: where this instance is reached, and the project's token. */
interface Target {
  origin: string;
  token: string;
}

/**
 * How to send a project events, one snippet per client: a web page (posthog-js from a CDN, no build step), a
 * bundled web app (posthog-js from npm), a server (posthog-node) and plain HTTP. Each points at this instance.
 */
const SNIPPETS: { title: string; label: string; code: (target: Target) => string }[] = [
  {
    title: "Website (HTML snippet)",
    label: "Copy HTML snippet",
    code: ({
      origin,
      token,
    }) => `<script src="https://cdn.jsdelivr.net/npm/posthog-js@1/dist/array.full.js" crossorigin="anonymous"></script>
<script>
  posthog.init("${token}", { api_host: "${origin}" });
</script>`,
  },
  {
    title: "JavaScript (posthog-js)",
    label: "Copy JavaScript snippet",
    code: ({ origin, token }) => `import posthog from "posthog-js";

posthog.init("${token}", { api_host: "${origin}" });
posthog.capture("signed_up", { plan: "free" });`,
  },
  {
    title: "Node.js (posthog-node)",
    label: "Copy Node.js snippet",
    code: ({ origin, token }) => `import { PostHog } from "posthog-node";

const posthog = new PostHog("${token}", { host: "${origin}" });
posthog.capture({ distinctId: "user-123", event: "signed_up", properties: { plan: "free" } });
await posthog.shutdown();`,
  },
  {
    title: "HTTP (curl)",
    label: "Copy curl command",
    code: ({ origin, token }) => `curl -X POST "${origin}/capture/" \\
  -H "Content-Type: application/json" \\
  -d '{
    "api_key": "${token}",
    "event": "signed_up",
    "distinct_id": "user-123",
    "properties": { "plan": "free" }
  }'`,
  },
];

export function CaptureSnippets({ origin, token }: Target) {
  return (
    <div className="grid gap-5">
      {SNIPPETS.map(({ title, label, code }) => (
        <div key={title} className="grid gap-2">
          <h3 className="text-sm font-medium">{title}</h3>
          <CodeBlock code={code({ origin, token })} label={label} />
        </div>
      ))}
    </div>
  );
}
