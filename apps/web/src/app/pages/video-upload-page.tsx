import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router';
import { VideoUploadForm } from '@/features/videos/components/video-upload-form';
import { useGoBack } from '@/lib/go-back';
import { toastSuccess } from '@/lib/toast';

/** /video/new (SPEC §2): upload form; success goes to /videos. */
export function VideoUploadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/videos');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{`${t('uploadPage.title')} · StreamHub`}</title>
      <h1 className="text-2xl font-semibold">{t('uploadPage.title')}</h1>
      <VideoUploadForm
        onCancel={goBack}
        onUploaded={() => {
          toastSuccess(t('uploadPage.uploaded'));
          void navigate('/videos');
        }}
      />
    </div>
  );
}
