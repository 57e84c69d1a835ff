import { useTranslation } from '@/i18n/use-translation';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useCreatePost } from '@/features/posts/api/create-post';
import { useEditPost } from '@/features/posts/api/edit-post';
import { usePost } from '@/features/posts/api/get-post';
import { NoPostFound } from '@/features/posts/components/no-post-found';
import { PostEditor } from '@/features/posts/components/post-editor';
import { isPostOwner } from '@/features/posts/post-rules';
import { ApiError, errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useGoBack } from '@/lib/go-back';
import { toastSuccess } from '@/lib/toast';

function EditorScreen({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{t('postEditor.documentTitle', { title })}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

function NewPost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/post');
  const create = useCreatePost();
  return (
    <EditorScreen title={t('postEditor.newTitle')}>
      <PostEditor
        submitLabel="Create Post"
        pending={create.isPending}
        error={create.error ? errorText(create.error, t('postEditor.createFailed')) : null}
        onSubmit={(content) =>
          create.mutate(content, {
            onSuccess: () => {
              toastSuccess(t('postEditor.created'));
              void navigate('/post', { replace: true });
            },
          })
        }
        onUnchanged={goBack}
        onCancel={goBack}
      />
    </EditorScreen>
  );
}

function EditPost({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const goBack = useGoBack(`/post/p/${encodeURIComponent(postId)}`);
  const leave = useGoBack('/post');
  const post = usePost(postId);
  const edit = useEditPost();
  const notOwner = Boolean(post.data && !isPostOwner(post.data, user?._id));

  useEffect(() => {
    // SPEC §2, §6: someone else's post is not edited here; back one page.
    if (notOwner) leave();
  }, [notOwner, leave]);
  useEffect(() => {
    if (post.error) console.error('Could not load the post', post.error instanceof ApiError ? post.error.data : post.error);
  }, [post.error]);

  if (post.isPending || notOwner) return <LoadingScreen />;
  if (post.isError) return <NoPostFound />;

  return (
    <EditorScreen title={t('postEditor.editTitle')}>
      <PostEditor
        original={post.data.content}
        submitLabel="Save Changes"
        pending={edit.isPending}
        error={edit.error ? errorText(edit.error, t('postEditor.saveFailed')) : null}
        onSubmit={(content) =>
          edit.mutate(
            { postId, content },
            {
              onSuccess: () => {
                toastSuccess(t('postEditor.edited'));
                goBack();
              },
            },
          )
        }
        onUnchanged={goBack}
        onCancel={goBack}
      />
    </EditorScreen>
  );
}

/** /post/new and /post/edit/{postId} (SPEC §2). */
export function PostEditorPage() {
  const { postId } = useParams();
  return postId ? <EditPost key={postId} postId={postId} /> : <NewPost />;
}
