import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '@/i18n/use-translation';
import { menuItemClasses, MoreMenu } from './more-menu';
import type { MenuAction } from './action-menu';

type ItemMenuProps = {
  /** The trigger's accessible name, e.g. 'Options for {title}'. */
  label: string;
  /** Edit opens a page or an inline editor, which takes the focus itself. */
  onEdit: () => void;
  onDelete: () => void;
  /** More of the owner's actions, after Edit (Pin on a comment of their own video). */
  extra?: MenuAction[];
};

/** The owner's Edit / Delete menu on a video, post or comment. */
export function ItemMenu({ label, onEdit, onDelete, extra = [] }: ItemMenuProps) {
  const { t } = useTranslation();
  const editing = useRef(false);
  return (
    <MoreMenu
      label={label}
      onCloseAutoFocus={(event) => {
        // Returning focus to the trigger would pull it out of the editor that Edit just opened.
        if (editing.current) event.preventDefault();
        editing.current = false;
      }}
    >
      <DropdownMenu.Item
        className={menuItemClasses}
        onSelect={() => {
          editing.current = true;
          onEdit();
        }}
      >
        {t('itemMenu.edit')}
      </DropdownMenu.Item>
      {extra.map((action) => (
        <DropdownMenu.Item key={action.label} className={menuItemClasses} onSelect={action.onSelect}>
          {action.label}
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Item className={`${menuItemClasses} text-red-300`} onSelect={onDelete}>
        {t('itemMenu.delete')}
      </DropdownMenu.Item>
    </MoreMenu>
  );
}
