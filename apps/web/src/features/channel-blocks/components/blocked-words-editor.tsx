import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { BLOCKED_WORDS_MAX, BLOCKED_WORD_MAX_LENGTH } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { CloseIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/list-states';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useBlockedWords } from '../api/get-blocked-words';
import { useSaveBlockedWords } from '../api/save-blocked-words';
import { addBlockedWord } from '../blocked-words';

const ALREADY = '” is already blocked.';

/** addBlockedWord's reason in the page's language (its English is the catalogue's English). */
function problemText(t: ReturnType<typeof useTranslation>['t'], error: string): string {
  if (error === 'Type a word or phrase first.') return t('blockedWords.typeFirst');
  if (error === `At most ${BLOCKED_WORD_MAX_LENGTH} characters.`)
    return t('blockedWords.tooLong', { max: BLOCKED_WORD_MAX_LENGTH });
  if (error === `At most ${BLOCKED_WORDS_MAX} blocked words.`) return t('blockedWords.tooMany', { max: BLOCKED_WORDS_MAX });
  if (error.startsWith('“') && error.endsWith(ALREADY))
    return t('blockedWords.already', { word: error.slice(1, -ALREADY.length) });
  return error;
}

/** My blocked words: a comment on my videos or posts with one of them waits for my review. */
export function BlockedWordsEditor() {
  const { t } = useTranslation();
  const words = useBlockedWords();
  const save = useSaveBlockedWords();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);

  function store(next: string[], after?: () => void) {
    setError(null);
    save.mutate(next, {
      onSuccess: after,
      onError: (e) => setError(errorText(e, t('blockedWords.saveFailed'))),
    });
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!words.data || save.isPending) return;
    const result = addBlockedWord(words.data.words, input);
    if ('error' in result) return setError(problemText(t, result.error));
    store(result.words, () => setInput(''));
  }

  if (words.isPending) return <p className="text-sm text-muted">{t('blockedWords.loading')}</p>;
  if (words.isError) return <LoadError message={t('blockedWords.loadFailed')} onRetry={() => void words.refetch()} />;
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={add} className="flex flex-wrap items-end gap-3" aria-busy={save.isPending}>
        <TextField
          label={t('blockedWords.addLabel')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="min-w-56 flex-1"
          autoComplete="off"
        />
        <Button type="submit" aria-disabled={save.isPending}>
          {t('blockedWords.add')}
        </Button>
      </form>
      <FormError message={error} />
      {words.data.words.length === 0 ? (
        <p className="text-sm text-muted">{t('blockedWords.empty')}</p>
      ) : (
        <ul aria-label={t('blockedWords.label')} className="flex flex-wrap gap-2">
          {words.data.words.map((word) => (
            <li key={word} className="flex items-center gap-1 rounded-full border border-line bg-raised py-1 pe-1 ps-3 text-sm">
              {word}
              <button
                type="button"
                aria-label={t('blockedWords.remove', { word })}
                aria-disabled={save.isPending}
                onClick={() => !save.isPending && store(words.data.words.filter((w) => w !== word))}
                className="grid h-6 w-6 place-items-center rounded-full text-muted hover:bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-sky-400"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
