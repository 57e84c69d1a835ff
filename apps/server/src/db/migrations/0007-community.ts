import { sql, type Kysely } from 'kysely';

/**
 * Community: text posts, comments on posts, and likes of posts.
 *
 * A comment belongs to exactly one parent (a video or a post); deleting the parent deletes its
 * comments, and deleting a comment or a post deletes its likes, all by foreign keys in the
 * deleting statement itself. Like counters live on the liked row (as on videos) and move with
 * the like rows in one transaction; a post's comment count is counted from the comments index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE posts (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      content text NOT NULL,
      likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX posts_owner_newest ON posts (owner_id, created_at DESC, id DESC);

    -- Comments without a parent could never be listed or reached: none are kept.
    DELETE FROM comments WHERE video_id IS NULL;
    ALTER TABLE comments ADD COLUMN post_id uuid REFERENCES posts(id) ON DELETE CASCADE;
    ALTER TABLE comments ADD CONSTRAINT comments_one_parent CHECK (num_nonnulls(video_id, post_id) = 1);
    CREATE INDEX comments_post ON comments (post_id, created_at, id);

    CREATE TABLE post_likes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, post_id)
    );

    -- Deleting a comment or a post finds its likes by the target column (the unique pairs lead
    -- with the user), so deleting a video with many comments is not one table scan per comment.
    CREATE INDEX comment_likes_comment ON comment_likes (comment_id);
    CREATE INDEX post_likes_post ON post_likes (post_id);
  `.execute(db);
}
