import { sql, type Kysely } from 'kysely';

/**
 * Running an instance in public (docs/moderation.md): roles, suspensions, reports, takedowns,
 * refunds, the audit log, instance settings, and a creator's own blocks.
 *
 * - `users.role` is `user`, `moderator` or `admin`; the access module is the only reader of it.
 *   A suspended user has `suspended_reason` (and its time); an account waiting for approval
 *   (registrations in `approval` mode) has `approval_pending`. `upload_limit` and
 *   `storage_quota_bytes` override the instance defaults for one user when set; a video's
 *   `size_bytes` (its uploaded source) is what counts against the storage quota.
 * - A removed video has `status = 'removed'`, so every query built on `listed()` (status =
 *   'ready') drops it, the list-change trigger of 0011 announces it, and its partial indexes stay
 *   exact. `removed_by` says why (`takedown`, or `suspension` of its owner) and
 *   `status_before_removal` what a restore puts back. Comments and posts carry the same
 *   `removed_reason` / `removed_by` pair (their lists filter on it).
 * - A refund is one more move of a purchase's status, `settled → refunded`, once (trigger
 *   purchases_state_machine), so two moderators acting at the same moment refund once: only one
 *   UPDATE finds the purchase settled. Its reversal is a second journal entry of the purchase,
 *   `kind = 'refund'` (one per purchase and kind). Entitlements stay appended; one whose purchase
 *   was refunded grants nothing (access.sql.ts). A refunded purchase frees the item for a new one.
 * - `audit_log` is append-only like the ledger: the database refuses UPDATE and DELETE on it.
 * - `instance_settings` is one row; `channel_blocks` and `channel_blocked_words` belong to a
 *   creator; a comment matching a blocked word is `held` until its creator approves it.
 * - A video's files move out of the public folder while it is removed (`removed/<id>`), so the
 *   media-gone trigger of 0012 tells every process to forget them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
      ADD COLUMN suspended_reason text CHECK (char_length(suspended_reason) BETWEEN 1 AND 1000),
      ADD COLUMN suspended_at timestamptz,
      ADD COLUMN approval_pending boolean NOT NULL DEFAULT false,
      ADD COLUMN upload_limit integer CHECK (upload_limit >= 0),
      ADD COLUMN storage_quota_bytes bigint CHECK (storage_quota_bytes >= 0),
      ADD CONSTRAINT users_suspension CHECK ((suspended_reason IS NULL) = (suspended_at IS NULL));
    CREATE INDEX users_staff ON users (role) WHERE role <> 'user';

    ALTER TABLE videos DROP CONSTRAINT videos_status_check;
    ALTER TABLE videos
      ADD CONSTRAINT videos_status_check CHECK (status IN ('processing', 'ready', 'failed', 'removed')),
      ADD COLUMN removed_reason text,
      ADD COLUMN removed_by text CHECK (removed_by IN ('takedown', 'suspension')),
      ADD COLUMN status_before_removal text CHECK (status_before_removal IN ('processing', 'ready', 'failed')),
      -- Bytes of the uploaded source, counted against its owner's storage quota (docs/moderation.md).
      ADD COLUMN size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
      ADD CONSTRAINT videos_removal CHECK (
        (status = 'removed') = (removed_reason IS NOT NULL)
        AND (removed_reason IS NULL) = (removed_by IS NULL)
        AND (removed_reason IS NULL) = (status_before_removal IS NULL));

    ALTER TABLE comments
      ADD COLUMN removed_reason text,
      ADD COLUMN removed_by text CHECK (removed_by IN ('takedown', 'suspension')),
      ADD COLUMN held boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT comments_removal CHECK ((removed_reason IS NULL) = (removed_by IS NULL));
    ALTER TABLE posts
      ADD COLUMN removed_reason text,
      ADD COLUMN removed_by text CHECK (removed_by IN ('takedown', 'suspension')),
      ADD CONSTRAINT posts_removal CHECK ((removed_reason IS NULL) = (removed_by IS NULL));
    ALTER TABLE playlists
      ADD COLUMN removed_reason text,
      ADD COLUMN removed_by text CHECK (removed_by IN ('takedown', 'suspension')),
      ADD CONSTRAINT playlists_removal CHECK ((removed_reason IS NULL) = (removed_by IS NULL));

    -- Refunds: settled → refunded, once.
    ALTER TABLE purchases DROP CONSTRAINT purchases_status_check;
    ALTER TABLE purchases
      ADD CONSTRAINT purchases_status_check CHECK (status IN ('pending', 'settled', 'failed', 'refunded')),
      ADD COLUMN refunded_at timestamptz,
      ADD COLUMN refund_reason text,
      ADD CONSTRAINT purchases_refund CHECK ((status = 'refunded') = (refunded_at IS NOT NULL));
    -- The unnamed CHECK ((status = 'settled') = (settled_at IS NOT NULL)) of 0008, found by its text.
    DO $$
    DECLARE c text;
    BEGIN
      SELECT conname INTO STRICT c FROM pg_constraint
        WHERE conrelid = 'purchases'::regclass AND contype = 'c'
          AND pg_get_constraintdef(oid) = 'CHECK (((status = ''settled''::text) = (settled_at IS NOT NULL)))';
      EXECUTE format('ALTER TABLE purchases DROP CONSTRAINT %I', c);
    END $$;
    ALTER TABLE purchases
      ADD CONSTRAINT purchases_settled_at CHECK ((status IN ('settled', 'refunded')) = (settled_at IS NOT NULL));
    DROP INDEX purchases_live_video;
    DROP INDEX purchases_live_playlist;
    CREATE UNIQUE INDEX purchases_live_video ON purchases (buyer_id, video_id)
      WHERE kind = 'video' AND status IN ('pending', 'settled');
    CREATE UNIQUE INDEX purchases_live_playlist ON purchases (buyer_id, playlist_id)
      WHERE kind = 'playlist' AND status IN ('pending', 'settled');
    CREATE INDEX purchases_video_settled ON purchases (video_id) WHERE kind = 'video' AND status = 'settled';
    CREATE INDEX purchases_playlist_settled ON purchases (playlist_id) WHERE kind = 'playlist' AND status = 'settled';

    CREATE OR REPLACE FUNCTION purchases_state_machine() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'purchases are never deleted';
      END IF;
      IF (NEW.id, NEW.buyer_id, NEW.kind, NEW.video_id, NEW.playlist_id, NEW.upload_slots, NEW.seller_id, NEW.title,
          NEW.amount_minor, NEW.idempotency_key, NEW.provider, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.buyer_id, OLD.kind, OLD.video_id, OLD.playlist_id, OLD.upload_slots, OLD.seller_id, OLD.title,
          OLD.amount_minor, OLD.idempotency_key, OLD.provider, OLD.created_at) THEN
        RAISE EXCEPTION 'a purchase never changes, only its status moves';
      END IF;
      -- pending → settled | failed, once; while pending, the provider's reference may be recorded once.
      IF OLD.status = 'pending' AND NEW.status IN ('settled', 'failed') THEN
        RETURN NEW;
      END IF;
      IF OLD.status = 'pending' AND NEW.status = 'pending' AND OLD.provider_ref IS NULL AND NEW.provider_ref IS NOT NULL THEN
        RETURN NEW;
      END IF;
      -- settled → refunded, once, keeping the time it settled.
      IF OLD.status = 'settled' AND NEW.status = 'refunded' AND NEW.settled_at = OLD.settled_at THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'purchase % cannot move from % to %', OLD.id, OLD.status, NEW.status;
    END $$;

    -- A purchase's sale entry, and at most one refund entry reversing it.
    ALTER TABLE journal_entries ADD COLUMN kind text NOT NULL DEFAULT 'sale' CHECK (kind IN ('sale', 'refund'));
    ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_purchase_id_key;
    ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_purchase_kind UNIQUE (purchase_id, kind);

    CREATE TABLE reports (
      id uuid PRIMARY KEY,
      reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      target_type text NOT NULL CHECK (target_type IN ('video', 'comment', 'post', 'channel')),
      target_id uuid NOT NULL,
      reason text NOT NULL CHECK (reason IN ('violent', 'hateful', 'spam', 'privacy', 'rights', 'rules', 'thumbnail', 'captions')),
      text text NOT NULL DEFAULT '' CHECK (char_length(text) <= 2000),
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'rejected', 'actioned')),
      note text,
      resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
      resolved_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((state = 'open') = (resolved_at IS NULL))
    );
    CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, target_type, target_id) WHERE state = 'open';
    CREATE INDEX reports_queue ON reports (state, created_at, id);
    CREATE INDEX reports_target ON reports (target_type, target_id) WHERE state = 'open';
    CREATE INDEX reports_reporter ON reports (reporter_id, created_at DESC);

    -- Who did what to whom and why; appended, never changed or removed.
    CREATE TABLE audit_log (
      id uuid PRIMARY KEY,
      actor_id uuid REFERENCES users(id),
      action text NOT NULL,
      target_type text NOT NULL,
      target_id uuid,
      reason text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_newest ON audit_log (created_at DESC, id DESC);
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION append_only();

    CREATE TABLE instance_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      registrations text NOT NULL DEFAULT 'open' CHECK (registrations IN ('open', 'closed', 'approval')),
      default_upload_limit integer CHECK (default_upload_limit >= 0),
      default_storage_quota_bytes bigint CHECK (default_storage_quota_bytes >= 0),
      instance_name text NOT NULL DEFAULT 'StreamHub' CHECK (char_length(instance_name) BETWEEN 1 AND 100),
      instance_terms text NOT NULL DEFAULT '' CHECK (char_length(instance_terms) <= 20000),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO instance_settings DEFAULT VALUES;

    CREATE TABLE channel_blocks (
      channel_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (channel_id, blocked_id),
      CHECK (channel_id <> blocked_id)
    );
    CREATE TABLE channel_blocked_words (
      channel_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      word text NOT NULL CHECK (char_length(word) BETWEEN 1 AND 100),
      PRIMARY KEY (channel_id, word)
    );
    CREATE INDEX comments_held ON comments (created_at) WHERE held;

    -- A video removed or restored: every process forgets the files it keeps of it (0012).
    CREATE TRIGGER video_media_gone_removed AFTER UPDATE OF status ON videos
      FOR EACH ROW WHEN ((OLD.status = 'removed') IS DISTINCT FROM (NEW.status = 'removed'))
      EXECUTE FUNCTION video_media_gone();
  `.execute(db);
}
