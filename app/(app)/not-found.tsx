import Link from "next/link";
import { StatusPage } from "@/components/status-page";
import { Button } from "@/components/ui/button";

/** Inside the console (a project, insight or page that isn't there, or not yours): the shell stays around it. */
export default function AppNotFound() {
  return (
    <StatusPage
      framed
      status="404"
      title="Not found"
      actions={
        <Button asChild>
          <Link href="/">Go home</Link>
        </Button>
      }
    >
      This page doesn't exist, or your organization has no access to it.
    </StatusPage>
  );
}
