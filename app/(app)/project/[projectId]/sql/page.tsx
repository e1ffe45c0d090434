import type { Metadata } from "next";
import { SqlEditorPage } from "@/components/sql/sql-editor-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "SQL editor" };

export default async function SqlPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <SqlEditorPage projectId={await projectIdOf(params)} />;
}
