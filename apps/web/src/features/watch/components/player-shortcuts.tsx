import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/**
 * The watch page's keyboard shortcuts, anywhere on the page (not only on the focused player),
 * except while typing (an input, a textarea, a select, an editable element) or while a dialog is
 * open. The help dialog (Shift and /, that is ?) lists exactly these; `does` is the catalogue's key
 * of what each does.
 */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['K', 'Space'], does: 'playerShortcuts.playPause' },
  { keys: ['J'], does: 'playerShortcuts.back10' },
  { keys: ['L'], does: 'playerShortcuts.forward10' },
  { keys: ['←'], does: 'playerShortcuts.back5' },
  { keys: ['→'], does: 'playerShortcuts.forward5' },
  { keys: ['↑', '↓'], does: 'playerShortcuts.volume' },
  { keys: ['M'], does: 'playerShortcuts.mute' },
  { keys: ['F'], does: 'playerShortcuts.fullScreen' },
  { keys: ['C'], does: 'playerShortcuts.captions' },
  { keys: ['T'], does: 'playerShortcuts.theater' },
  { keys: ['P'], does: 'playerShortcuts.pictureInPicture' },
  { keys: ['0', '…', '9'], does: 'playerShortcuts.jump' },
  { keys: ['?'], does: 'playerShortcuts.help' },
];

/** The keys as aria-keyshortcuts names them. */
export const ARIA_KEYSHORTCUTS = 'K Space J L ArrowLeft ArrowRight ArrowUp ArrowDown M F C T P 0 1 2 3 4 5 6 7 8 9 Shift+?';

/** Typing somewhere, or a dialog open: the keys are the page's, not the player's. */
function typingOrDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  // Inside a menu or a slider of the player, its own keys (arrows) move it.
  return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

interface Options {
  media: HTMLMediaElement | null;
  controller: HTMLElement | null;
  live: boolean;
  onTheater?: () => void;
}

function toggleCaptions(media: HTMLMediaElement, last: { current: TextTrack | null }) {
  const tracks = [...media.textTracks].filter((t) => t.kind === 'captions' || t.kind === 'subtitles');
  const showing = tracks.find((t) => t.mode === 'showing');
  if (showing) {
    last.current = showing;
    for (const t of tracks) t.mode = 'disabled';
    return;
  }
  const next = (last.current && tracks.includes(last.current) ? last.current : null) ?? tracks[0];
  if (next) next.mode = 'showing';
}

/** Listens on the document for the shortcuts; returns the help dialog's state. */
export function usePlayerShortcuts({ media, controller, live, onTheater }: Options) {
  const [help, setHelp] = useState(false);
  const lastCaptions = useRef<TextTrack | null>(null);
  const theater = useRef(onTheater);
  useEffect(() => {
    theater.current = onTheater;
  }, [onTheater]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingOrDialog(e.target)) return;
      const target = e.target instanceof Element ? e.target : null;
      // Buttons, links and the player's own menus and sliders keep Space, Enter and the arrows.
      const onControl = Boolean(
        target?.closest(
          'button, a[href], [role="menuitem"], [role="menuitemradio"], [role="slider"], media-time-range, media-volume-range',
        ),
      );
      const inPlayer = Boolean(controller && target && controller.contains(target));
      if (e.key === '?' || (e.shiftKey && e.key === '/')) {
        e.preventDefault();
        setHelp(true);
        return;
      }
      if (e.shiftKey) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (key === 't') {
        if (!theater.current) return;
        e.preventDefault();
        theater.current();
        return;
      }
      if (!media) return;
      const seekBy = (seconds: number) => {
        const end = Number.isFinite(media.duration) ? media.duration : Infinity;
        media.currentTime = Math.min(Math.max(media.currentTime + seconds, 0), end);
      };
      switch (key) {
        case ' ':
        case 'k':
          if (key === ' ' && onControl) return;
          if (media.paused) void media.play().catch(() => undefined);
          else media.pause();
          break;
        case 'j':
          seekBy(-10);
          break;
        case 'l':
          seekBy(10);
          break;
        case 'ArrowLeft':
          if (onControl && !inPlayer) return;
          if (target?.closest('[role="slider"], media-time-range, media-volume-range, [role="menu"]')) return;
          seekBy(-5);
          break;
        case 'ArrowRight':
          if (onControl && !inPlayer) return;
          if (target?.closest('[role="slider"], media-time-range, media-volume-range, [role="menu"]')) return;
          seekBy(5);
          break;
        case 'ArrowUp':
        case 'ArrowDown':
          // Elsewhere the arrows scroll the page.
          if (!inPlayer || target?.closest('[role="slider"], media-volume-range, [role="menu"]')) return;
          media.volume = Math.min(Math.max(media.volume + (key === 'ArrowUp' ? 0.05 : -0.05), 0), 1);
          break;
        case 'm':
          media.muted = !media.muted;
          break;
        case 'f':
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          else void controller?.requestFullscreen().catch(() => undefined);
          break;
        case 'c':
          toggleCaptions(media, lastCaptions);
          break;
        case 'p': {
          const video = media as HTMLVideoElement;
          if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
          else void video.requestPictureInPicture?.().catch(() => undefined);
          break;
        }
        default:
          if (/^[0-9]$/.test(key)) {
            if (live || !Number.isFinite(media.duration)) return;
            media.currentTime = (media.duration * Number(key)) / 10;
            break;
          }
          return;
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [media, controller, live]);

  return { help, setHelp };
}

/** The help dialog: every shortcut and what it does. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('playerShortcuts.title')} className="max-w-lg">
        <table className="mt-4 w-full text-sm">
          <tbody>
            {SHORTCUTS.map(({ keys, does }) => (
              <tr key={does} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pe-4 text-start font-normal whitespace-nowrap">
                  {keys.map((k, i) => (
                    <kbd key={i} className="me-1 rounded border border-line bg-hover px-1.5 py-0.5 font-mono text-xs">
                      {k === 'Space' ? t('playerShortcuts.space') : k}
                    </kbd>
                  ))}
                </th>
                <td className="py-2">{t(does)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
