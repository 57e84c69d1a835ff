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
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <title>Comment Settings · StreamHub</title>
      <h1 className="text-2xl font-bold">Comment Settings</h1>
      <Section id="held-title" title="Held for review" hint="Comments on your videos and posts that contain a blocked word.">
        <HeldCommentsList />
      </Section>
      <Section id="words-title" title="Blocked words" hint="A comment containing one of these waits for your review.">
        <BlockedWordsEditor />
      </Section>
      <Section id="blocked-title" title="Blocked users" hint="They cannot comment on your videos and posts.">
        <BlockedUsersList />
      </Section>
    </div>
  );
}
