import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from './icons';

type ItemMenuProps = {
  /** The trigger's accessible name, e.g. 'Options for {title}'. */
  label: string;
  /** Edit opens a page or an inline editor, which takes the focus itself. */
  onEdit: () => void;
  onDelete: () => void;
};

const itemClasses =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-hover';

/** The owner's Edit / Delete menu on a video, post or comment. Radix gives arrow keys, Esc and focus return. */
export function ItemMenu({ label, onEdit, onDelete }: ItemMenuProps) {
  const editing = useRef(false);
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
          onCloseAutoFocus={(event) => {
            // Returning focus to the trigger would pull it out of the editor that Edit just opened.
            if (editing.current) event.preventDefault();
            editing.current = false;
          }}
        >
          <DropdownMenu.Item
            className={itemClasses}
            onSelect={() => {
              editing.current = true;
              onEdit();
            }}
          >
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${itemClasses} text-red-300`} onSelect={onDelete}>
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
