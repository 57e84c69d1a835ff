import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from './icons';

type ItemMenuProps = {
  /** The trigger's accessible name, e.g. 'Options for {title}'. */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
};

const itemClasses =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-hover';

/** The owner's Edit / Delete menu on a video, post or comment. Radix gives arrow keys, Esc and focus return. */
export function ItemMenu({ label, onEdit, onDelete }: ItemMenuProps) {
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
        >
          <DropdownMenu.Item className={itemClasses} onSelect={onEdit}>
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
