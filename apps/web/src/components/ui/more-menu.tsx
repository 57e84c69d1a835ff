import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from './icons';

/** The classes of one item of a ⋯ menu. */
export const menuItemClasses =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-hover';

type MoreMenuProps = {
  /** The trigger's accessible name, e.g. 'Options for {title}'. */
  label: string;
  /** Radix's hook as the menu closes and would give focus back to its trigger. */
  onCloseAutoFocus: (event: Event) => void;
  /** The `DropdownMenu.Item`s. */
  children: ReactNode;
};

/** The ⋯ button and its menu, shared by the owner's Edit / Delete menu and others' actions. Radix gives arrow keys, Esc and focus return. */
export function MoreMenu({ label, onCloseAutoFocus, children }: MoreMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-xl text-zinc-200 hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <MoreIcon />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="animate-fade-in z-40 min-w-36 rounded-xl border border-line bg-raised p-1 shadow-xl"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
