import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { menuItemClasses, MoreMenu } from './more-menu';

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

/**
 * A ⋯ menu of actions someone other than the owner may take (Report, Block). The owner's Edit /
 * Delete menu stays `item-menu.tsx`. No actions, no menu.
 */
export function ActionMenu({ label, actions }: ActionMenuProps) {
  // An action often opens a dialog, which returns focus to whatever had it when it opened: it runs
  // once the menu has closed and put focus back on its trigger, not while a menu item (about to
  // go) has it.
  const pending = useRef<(() => void) | null>(null);
  if (actions.length === 0) return null;
  return (
    <MoreMenu
      label={label}
      onCloseAutoFocus={() => {
        const action = pending.current;
        pending.current = null;
        if (action) setTimeout(action);
      }}
    >
      {actions.map((action) => (
        <DropdownMenu.Item
          key={action.label}
          className={`${menuItemClasses} ${action.danger ? 'text-red-300' : ''}`}
          onSelect={() => {
            pending.current = action.onSelect;
          }}
        >
          {action.label}
        </DropdownMenu.Item>
      ))}
    </MoreMenu>
  );
}
