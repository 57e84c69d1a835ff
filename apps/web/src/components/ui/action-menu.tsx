import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from './icons';

export type MenuAction = {
  label: string;
  onSelect: () => void;
  /** Shown in red: the action removes or refuses something. */
  danger?: boolean;
};

type ActionMenuProps = {
  /** The trigger's accessible name, e.g. 'More actions for {title}'. */
  label: string;
  actions: MenuAction[];
};

const itemClasses =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-hover';

/**
 * A ⋯ menu of actions someone other than the owner may take (Report, Block). The owner's Edit /
 * Delete menu stays `item-menu.tsx`. Radix gives arrow keys, Esc and focus return; no actions, no menu.
 */
export function ActionMenu({ label, actions }: ActionMenuProps) {
  // An action often opens a dialog, which returns focus to whatever had it when it opened: it runs
  // once the menu has closed and put focus back on its trigger, not while a menu item (about to
  // go) has it.
  const pending = useRef<(() => void) | null>(null);
  if (actions.length === 0) return null;
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
          onCloseAutoFocus={() => {
            const action = pending.current;
            pending.current = null;
            if (action) setTimeout(action);
          }}
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={`${itemClasses} ${action.danger ? 'text-red-300' : ''}`}
              onSelect={() => {
                pending.current = action.onSelect;
              }}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
