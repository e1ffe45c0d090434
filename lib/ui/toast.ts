import type { ExternalToast } from "sonner";

// sonner (~9 KB gzipped) is not part of any route's first load: its Toaster mounts once the page is interactive
// (see Providers) and a toast loads the same module, so it lands on that Toaster.
const sonner = () => import("sonner");

/** sonner's `toast.success` and `toast.error`, loading sonner on first use. */
export const toast = {
  success: (message: string, options?: ExternalToast) => void sonner().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ExternalToast) => void sonner().then(({ toast }) => toast.error(message, options)),
};
