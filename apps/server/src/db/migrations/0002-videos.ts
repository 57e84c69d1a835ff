import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE videos (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL,
      thumbnail text NOT NULL,
      duration double precision NOT NULL DEFAULT 0,
      views bigint NOT NULL DEFAULT 0,
      likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
      is_exclusive boolean NOT NULL DEFAULT false,
      price_minor integer CHECK (price_minor IS NULL OR price_minor >= 0),
      status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
      progress integer NOT NULL DEFAULT 0,
      failure_reason text,
      has_hls boolean NOT NULL DEFAULT false,
      has_mp4 boolean NOT NULL DEFAULT false,
      source_key text,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', description), 'B')
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX videos_owner ON videos (owner_id, created_at DESC, id DESC);
    CREATE INDEX videos_ready_newest ON videos (created_at DESC, id DESC) WHERE status = 'ready';
    CREATE INDEX videos_ready_views ON videos (views, id) WHERE status = 'ready';
    CREATE INDEX videos_ready_likes ON videos (likes, id) WHERE status = 'ready';
    CREATE INDEX videos_ready_duration ON videos (duration, id) WHERE status = 'ready';
    CREATE INDEX videos_search ON videos USING gin (search);
    CREATE INDEX videos_title_trgm ON videos USING gin (title gin_trgm_ops);

    CREATE TABLE video_likes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, video_id)
    );
    CREATE INDEX video_likes_user_newest ON video_likes (user_id, created_at DESC);
    CREATE INDEX video_likes_video ON video_likes (video_id);

    CREATE TABLE video_views (
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      viewer_key text NOT NULL,
      hour timestamptz NOT NULL,
      PRIMARY KEY (video_id, viewer_key, hour)
    );

    CREATE TABLE watch_history (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      watched_on date NOT NULL,
      watched_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, video_id, watched_on)
    );
    CREATE INDEX watch_history_user_newest ON watch_history (user_id, watched_at DESC);
  `.execute(db);
}
