// The dialogs' boxes, shared by Radix's dialogs and the plain stand-in shown while a lazy dialog's code loads
// (which must not pull Radix into the page's first load).
export const overlayClassName = "fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in";
// `*:min-w-0`: the content is a grid, whose items would otherwise grow to fit an unbreakable line (a long link)
// and push the footer's buttons out of the dialog.
export const contentClassName =
  "fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100vh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg data-[state=open]:animate-pop-in *:min-w-0 sm:max-w-lg";
