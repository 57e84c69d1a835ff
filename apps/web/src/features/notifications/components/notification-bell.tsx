import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { BellIcon } from '@/components/ui/icons';
import { useNotifications } from '../api/get-notifications';
import { useUnread } from '../api/get-unread';
import { flattenNotifications } from '../notification-cache';
import { badgeText } from '../notification-rules';
import { NotificationEntry } from './notification-entry';

/** How many of the latest items the bell's popover shows; 'See all' opens the rest. */
export const BELL_ITEMS = 5;

/** Closes the popover on a press outside `container` and on Escape inside it (focus back on the bell). */
function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: (refocus: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && container.current?.contains(document.activeElement)) close(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container, close]);
}

/** The popover's items, loaded as it opens (and only rendered while it is open). */
function LatestNotifications({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const list = useNotifications();
  const items = flattenNotifications(list.data).slice(0, BELL_ITEMS);
  if (list.isPending) return <p className="px-3 py-4 text-sm text-muted">{t('notifications.loading')}</p>;
  if (list.isError) return <p className="px-3 py-4 text-sm text-muted">{t('notificationBell.loadFailed')}</p>;
  if (items.length === 0) return <p className="px-3 py-4 text-sm text-muted">{t('notifications.empty')}</p>;
  return (
    <ul className="flex flex-col">
      {items.map((item) => (
        <li key={item._id}>
          <NotificationEntry item={item} onChosen={onChosen} className="rounded-lg px-3 py-2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar's bell (signed-in only): the unread count as a badge, and a popover (a disclosure:
 * Tab moves into it, Escape closes it and focus returns to the bell) with the latest items, loaded
 * when it opens, and 'See all'. Choosing an item marks it read and opens what it is about. No menu
 * library: the shell, which every signed-in page loads first, stays small.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = useUnread().data?.unread ?? 0;
  const badge = badgeText(unread);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, container, close);

  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        // Focus moving elsewhere (Tab out of the popover) closes it; a press on its text does not.
        const next = event.relatedTarget as Node | null;
        if (open && next && !container.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={unread > 0 ? t('notificationBell.labelUnread', { count: unread }) : t('notificationBell.label')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="relative grid h-10 w-10 shrink-0 place-items-center rounded-full text-xl text-fg hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        <BellIcon />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 end-0.5 min-w-4.5 rounded-full bg-brand px-1 text-center text-[0.6875rem] leading-4.5 font-semibold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        role="region"
        hidden={!open}
        aria-labelledby={`${panelId}-title`}
        className="animate-fade-in absolute top-12 end-0 z-40 flex max-h-[calc(100dvh-4.5rem)] w-80 max-w-[calc(100vw-1rem)] flex-col overflow-y-auto rounded-xl border border-line bg-raised p-1 shadow-xl"
      >
        {/* Not a heading: the top bar comes before the page's h1. */}
        <p id={`${panelId}-title`} className="px-3 py-2 text-sm font-semibold">
          {t('notificationBell.latest')}
        </p>
        {open ? <LatestNotifications onChosen={() => close(false)} /> : null}
        <div className="mt-1 border-t border-line pt-1">
          <Link
            to="/notifications"
            onClick={() => close(false)}
            className="flex justify-center rounded-lg px-3 py-2 text-sm font-medium hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            {t('notificationBell.seeAll')}
          </Link>
        </div>
      </div>
    </div>
  );
}
