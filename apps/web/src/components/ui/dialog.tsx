import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/i18n/use-translation';
import { CloseIcon } from './icons';

/** Radix handles focus trapping, Esc and focus return; these wrappers only style it. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * Radix returns focus only to a Dialog.Trigger; dialogs opened by other controls (menu button,
 * Subscribe) would drop focus on the body. Remember whatever had focus and go back to it.
 */
function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!previous.current?.isConnected) return;
      event.preventDefault();
      previous.current.focus();
    },
  };
}

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button (confirmations answer Yes or No instead). */
  hideClose?: boolean;
  /** 'top' suits overlays such as search that sit above the on-screen keyboard. */
  placement?: 'center' | 'top';
};

const placements = {
  center: 'top-1/2 -translate-y-1/2 animate-pop-in',
  top: 'top-4 animate-fade-in',
};

export function DialogContent({
  title,
  description,
  children,
  className = 'max-w-md',
  hideClose,
  placement = 'center',
}: DialogContentProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/70" />
      <RadixDialog.Content
        className={`fixed left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 ${placements[placement]} overflow-y-auto rounded-2xl border border-line bg-panel p-6 shadow-2xl ${className}`}
        {...returnFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="pe-8 text-lg font-semibold">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
        ) : null}
        {children}
        {hideClose ? null : (
          <RadixDialog.Close
            aria-label={t('dialog.close')}
            className="absolute top-3 end-3 rounded-full p-2 text-xl text-muted hover:bg-hover hover:text-fg"
          >
            <CloseIcon />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
};

/** A slide-in panel from the left, for the sidebar below the desktop breakpoint. */
export function Drawer({ open, onOpenChange, title, children }: DrawerProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/60" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="animate-slide-in fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col border-e border-line bg-panel shadow-2xl"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-line px-4">
            <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('dialog.closeMenu')}
              className="rounded-full p-2 text-xl text-muted hover:bg-hover hover:text-fg"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
