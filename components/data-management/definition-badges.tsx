import Link from "next/link";
import { Badge } from "@/components/ui/badge";

/** Whether a definition is verified or hidden (never both). */
export function DefinitionBadges({ definition }: { definition: { verified: boolean; hidden: boolean } }) {
  if (definition.verified) return <Badge>Verified</Badge>;
  if (definition.hidden) return <Badge variant="secondary">Hidden</Badge>;
  return null;
}

/** A definition's name, linked to its page, with its badges and description below. */
export function DefinitionNameCell({
  href,
  definition,
}: {
  href: string;
  definition: { name: string; description: string; verified: boolean; hidden: boolean };
}) {
  return (
    <div className="grid max-w-md gap-0.5">
      <span className="flex items-center gap-2">
        <Link href={href} className="truncate font-medium text-primary hover:underline">
          {definition.name}
        </Link>
        <DefinitionBadges definition={definition} />
      </span>
      {definition.description ? <span className="truncate text-xs text-muted-foreground">{definition.description}</span> : null}
    </div>
  );
}
