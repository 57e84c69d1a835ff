import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

type VideoCardMenuProps = { title: string; onEdit: () => void; onDelete: () => void };

const itemClasses =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-hover';

/** The owner's per-video menu: Edit and Delete (SPEC §2). Radix gives arrow-key and Esc handling. */
export function VideoCardMenu({ title, onEdit, onDelete }: VideoCardMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={`Options for ${title}`}
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-xl text-zinc-200 hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
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
