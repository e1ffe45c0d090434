import { redirect } from "next/navigation";
import { currentUser } from "@/lib/ui/server";
import { homePath } from "@/lib/ui/paths";

export default async function Home() {
  const me = await currentUser();
  redirect(me ? homePath(me) : "/login");
}
