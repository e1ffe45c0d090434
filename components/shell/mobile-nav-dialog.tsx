"use client";

import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";

/** The sidebar as a drawer from the left, on screens too narrow to show it beside the page. */
export function MobileNavDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        className="top-0 left-0 h-svh max-h-svh w-72 max-w-[85vw] translate-x-0 translate-y-0 rounded-none border-0 border-r bg-sidebar p-0 sm:max-w-72"
      >
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
