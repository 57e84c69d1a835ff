import { useTranslation } from '@/i18n/use-translation';
import type { ReactNode } from 'react';
import { BlockedUsersList } from '@/features/channel-blocks/components/blocked-users-list';
import { BlockedWordsEditor } from '@/features/channel-blocks/components/blocked-words-editor';
import { HeldCommentsList } from '@/features/channel-blocks/components/held-comments-list';

function Section({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted">{hint}</p>
      </div>
      {children}
    </section>
  );
}

/** /channel/comments: a creator's own space: held comments, blocked words and blocked users. */
export function CommentSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <title>{t('commentSettings.documentTitle')}</title>
      <h1 className="text-2xl font-bold">{t('commentSettings.title')}</h1>
      <Section id="held-title" title={t('commentSettings.held')} hint={t('commentSettings.heldHint')}>
        <HeldCommentsList />
      </Section>
      <Section id="words-title" title={t('commentSettings.words')} hint={t('commentSettings.wordsHint')}>
        <BlockedWordsEditor />
      </Section>
      <Section id="blocked-title" title={t('commentSettings.users')} hint={t('commentSettings.usersHint')}>
        <BlockedUsersList />
      </Section>
    </div>
  );
}
