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
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{`${title} · StreamHub`}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

function NewPost() {
  const navigate = useNavigate();
  const goBack = useGoBack('/post');
  const create = useCreatePost();
  return (
    <EditorScreen title="New Post">
      <PostEditor
        submitLabel="Create Post"
        pending={create.isPending}
        error={create.error ? errorText(create.error, 'The post could not be created.') : null}
        onSubmit={(content) =>
          create.mutate(content, {
            onSuccess: () => {
              toastSuccess('Post created');
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
    <EditorScreen title="Edit Post">
      <PostEditor
        original={post.data.content}
        submitLabel="Save Changes"
        pending={edit.isPending}
        error={edit.error ? errorText(edit.error, 'The post could not be saved.') : null}
        onSubmit={(content) =>
          edit.mutate(
            { postId, content },
            {
              onSuccess: () => {
                toastSuccess('Post edited');
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
