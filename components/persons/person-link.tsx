import Link from "next/link";

/** A person's name linking to their page, cut short in a table cell. */
export function PersonLink({ projectId, person }: { projectId: number; person: { id: string; name: string } }) {
  return (
    <Link href={`/project/${projectId}/persons/${person.id}`} className="block max-w-72 truncate font-medium text-primary hover:underline">
      {person.name}
    </Link>
  );
}
