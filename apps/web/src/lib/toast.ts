import { toast } from 'sonner';

/** SPEC §9: success toasts are short (1000 ms). */
export const SUCCESS_TOAST_MS = 1000;

export function toastSuccess(message: string) {
  toast.success(message, { duration: SUCCESS_TOAST_MS });
}

export function toastError(message: string) {
  toast.error(message);
}
