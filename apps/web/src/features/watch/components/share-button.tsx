import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WatchVideo } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ShareIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { copyText } from '@/lib/clipboard';
import { formatDurationHms } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { embedCode, watchLink } from '../share-links';

/**
 * Where the watch page's player is (seconds): the media element in media-chrome's controller
 * (`slot="media"`, hls.js's element or the <video>). Read when the dialog opens, so the page
 * need not hand the player to the button.
 */
function playerPosition(): number {
  return document.querySelector<HTMLMediaElement>('media-controller [slot="media"]')?.currentTime ?? 0;
}

type ShareButtonProps = { video: Pick<WatchVideo, '_id' | 'title' | 'isExclusive'> };

/** The watch page's Share: the link (at the current time if asked) and the embed code, each with a copy button. */
export function ShareButton({ video }: ShareButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState(0);
  const [atTime, setAtTime] = useState(false);
  const linkId = useId();
  const embedId = useId();
  const checkboxId = useId();

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const startAt = atTime ? Math.floor(position) : undefined;
  const link = watchLink(origin, video._id, startAt);
  const code = embedCode(origin, video._id, video.title?.trim() || t('share.untitledVideo'), startAt);

  const copy = async (text: string, fieldId: string, done: string) => {
    if (await copyText(text, fieldId)) toastSuccess(done);
    else toastError(t('share.copyFailed'));
  };

  const onOpenChange = (next: boolean) => {
    if (next) setPosition(playerPosition());
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => onOpenChange(true)}>
        <ShareIcon />
        {t('share.button')}
      </Button>
      <DialogContent title={t('share.button')} className="max-w-lg">
        <div className="mt-4 flex flex-col gap-4">
          <div className="flex items-end gap-2">
            <TextField
              id={linkId}
              label={t('share.link')}
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1"
            />
            <Button onClick={() => void copy(link, linkId, t('share.linkCopied'))} className="h-11">
              {t('share.copyLink')}
            </Button>
          </div>
          <div className="flex items-center gap-2 text-sm">
            <input
              id={checkboxId}
              type="checkbox"
              checked={atTime}
              onChange={(e) => setAtTime(e.currentTarget.checked)}
              className="h-4 w-4 accent-sky-400"
            />
            <label htmlFor={checkboxId}>{t('share.startAt', { time: formatDurationHms(Math.floor(position)) })}</label>
          </div>
          {video.isExclusive ? (
            <p className="text-sm text-muted">{t('share.exclusive')}</p>
          ) : (
            <div className="flex flex-col gap-2">
              <TextareaField
                id={embedId}
                label={t('share.embedCode')}
                value={code}
                readOnly
                rows={3}
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono"
              />
              <Button variant="secondary" onClick={() => void copy(code, embedId, t('share.embedCopied'))} className="self-end">
                {t('share.copyEmbed')}
              </Button>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
