import { useTranslation } from '@/i18n/use-translation';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { VideoSearchForm } from '@/features/videos/components/video-search-form';

/** The search form as an overlay below 768 px (SPEC §2); loaded on first use. */
export function SearchOverlay({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('searchOverlay.title')} placement="top" className="max-w-lg">
        <div className="mt-4">
          <VideoSearchForm layout="stacked" autoFocus onSearched={() => onOpenChange(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
