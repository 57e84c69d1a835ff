import { useEffect, useState, type ComponentType } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * Toasts (sonner) load apart from the first page's code: sonner's module adds its stylesheet to the
 * page when it is evaluated, and inside the app's first script that was a style recalculation of
 * the whole page (and, while the browser traces, a second parse of the entry chunk). The
 * toaster mounts once React has taken the page over; a toast asked for earlier waits for it, since
 * sonner shows only what is announced after its toaster listens.
 */
const loadSonner = () => import('sonner');
let toasterListens!: () => void;
const listening = new Promise<void>((resolve) => (toasterListens = resolve));

function show(message: string, options: ExternalToast, kind?: 'success' | 'error') {
  void Promise.all([loadSonner(), listening]).then(([{ toast }]) => (kind ? toast[kind] : toast)(message, options));
}

/** SPEC §9: success toasts are short (1000 ms). */
export const SUCCESS_TOAST_MS = 1000;

export function toastSuccess(message: string) {
  show(message, { duration: SUCCESS_TOAST_MS }, 'success');
}

export function toastError(message: string) {
  show(message, {}, 'error');
}

/** A toast with the default look (a live notification). */
export function toastMessage(message: string, options: ExternalToast) {
  show(message, options);
}

/** The page's toaster, mounted after the first render (the server renders none). */
export function AppToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadSonner().then((sonner) => mounted && setToaster(() => sonner.Toaster));
    return () => {
      mounted = false;
    };
  }, []);
  // The toaster's own effect (it starts listening) runs before this one, its parent's.
  useEffect(() => {
    if (Toaster) toasterListens();
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
