import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { CloseIcon } from './icons';

/** Radix handles focus trapping, Esc and focus return; these wrappers only style it. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button (e.g. while saving). */
  hideClose?: boolean;
};

export function DialogContent({ title, description, children, className = 'max-w-md', hideClose }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/70" />
      <RadixDialog.Content
        className={`animate-pop-in fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-panel p-6 shadow-2xl ${className}`}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
        ) : null}
        {children}
        {hideClose ? null : (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-2 text-xl text-muted hover:bg-hover hover:text-white"
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
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="animate-slide-in fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-panel shadow-2xl"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
