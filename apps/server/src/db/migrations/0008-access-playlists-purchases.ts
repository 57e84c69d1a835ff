import { sql, type Kysely } from 'kysely';

/**
 * Playlists, purchases, entitlements and the double-entry journal (docs/paid-content.md).
 *
 * - A purchase is one row whose `status` moves once, from `pending` to `settled` or `failed`
 *   (trigger purchases_state_machine); everything else about it never changes. The partial
 *   unique indexes allow one live (pending or settled) purchase per buyer and item, so a failed
 *   attempt frees the item for a new one; the idempotency key is unique per buyer.
 * - Entitlements and journal rows are appended, never changed or removed (trigger append_only).
 *   Each journal entry balances (deferred constraint triggers check it at commit).
 * - Items are referenced without foreign keys from purchases and entitlements: the records
 *   outlive a deleted video, and the buyer's history keeps the title bought.
 * - `users.extra_uploads` moves into upload-slot entitlements and is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE playlists (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL CHECK (char_length(description) <= 1000),
      is_exclusive boolean NOT NULL DEFAULT false,
      price_minor integer CHECK (price_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (is_exclusive = (price_minor IS NOT NULL))
    );
    CREATE INDEX playlists_owner ON playlists (owner_id, updated_at DESC, id DESC);

    CREATE TABLE playlist_videos (
      playlist_id uuid NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      position bigint GENERATED ALWAYS AS IDENTITY,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (playlist_id, video_id)
    );
    CREATE INDEX playlist_videos_order ON playlist_videos (playlist_id, position);
    CREATE INDEX playlist_videos_video ON playlist_videos (video_id);

    -- updatedAt follows the contents, also when a deleted video leaves every playlist.
    CREATE FUNCTION playlist_videos_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE playlists SET updated_at = now()
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.playlist_id ELSE NEW.playlist_id END;
      RETURN NULL;
    END $$;
    CREATE TRIGGER playlist_videos_touch AFTER INSERT OR DELETE ON playlist_videos
      FOR EACH ROW EXECUTE FUNCTION playlist_videos_touch();

    CREATE TABLE purchases (
      id uuid PRIMARY KEY,
      buyer_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('video', 'playlist', 'uploads')),
      video_id uuid,
      playlist_id uuid,
      upload_slots integer CHECK (upload_slots > 0),
      -- Who is paid: the creator; null for the platform's own items (upload slots).
      seller_id uuid REFERENCES users(id),
      title text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      idempotency_key text NOT NULL,
      provider text NOT NULL,
      provider_ref text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'failed')),
      failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      failed_at timestamptz,
      UNIQUE (buyer_id, idempotency_key),
      CHECK ((kind = 'video') = (video_id IS NOT NULL)),
      CHECK ((kind = 'playlist') = (playlist_id IS NOT NULL)),
      CHECK ((kind = 'uploads') = (upload_slots IS NOT NULL)),
      CHECK ((kind = 'uploads') = (seller_id IS NULL)),
      CHECK (seller_id IS NULL OR seller_id <> buyer_id),
      CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
      CHECK ((status = 'failed') = (failed_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX purchases_live_video ON purchases (buyer_id, video_id) WHERE kind = 'video' AND status <> 'failed';
    CREATE UNIQUE INDEX purchases_live_playlist ON purchases (buyer_id, playlist_id)
      WHERE kind = 'playlist' AND status <> 'failed';
    CREATE INDEX purchases_buyer ON purchases (buyer_id, created_at DESC);

    CREATE FUNCTION purchases_state_machine() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RAISE EXCEPTION 'purchase % cannot move from % to %', OLD.id, OLD.status, NEW.status;
    END $$;
    CREATE TRIGGER purchases_state_machine BEFORE UPDATE OR DELETE ON purchases
      FOR EACH ROW EXECUTE FUNCTION purchases_state_machine();

    CREATE TABLE entitlements (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('video', 'playlist', 'uploads')),
      video_id uuid,
      playlist_id uuid,
      upload_slots integer CHECK (upload_slots > 0),
      -- The settled purchase that granted it; null only for upload slots granted without one.
      purchase_id uuid UNIQUE REFERENCES purchases(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'video') = (video_id IS NOT NULL)),
      CHECK ((kind = 'playlist') = (playlist_id IS NOT NULL)),
      CHECK ((kind = 'uploads') = (upload_slots IS NOT NULL)),
      CHECK (purchase_id IS NOT NULL OR kind = 'uploads')
    );
    CREATE UNIQUE INDEX entitlements_video ON entitlements (user_id, video_id) WHERE kind = 'video';
    CREATE UNIQUE INDEX entitlements_playlist ON entitlements (user_id, playlist_id) WHERE kind = 'playlist';
    CREATE INDEX entitlements_uploads ON entitlements (user_id) WHERE kind = 'uploads';
    CREATE INDEX entitlements_playlist_buyers ON entitlements (playlist_id) WHERE kind = 'playlist';

    CREATE TABLE journal_entries (
      id uuid PRIMARY KEY,
      purchase_id uuid NOT NULL UNIQUE REFERENCES purchases(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Debits positive, credits negative; the lines of an entry sum to zero.
    CREATE TABLE journal_lines (
      id uuid PRIMARY KEY,
      entry_id uuid NOT NULL REFERENCES journal_entries(id),
      account text NOT NULL CHECK (account IN ('buyer_payments', 'creator_earnings', 'platform_revenue')),
      user_id uuid REFERENCES users(id),
      amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((account = 'platform_revenue') = (user_id IS NULL))
    );
    CREATE INDEX journal_lines_entry ON journal_lines (entry_id);
    CREATE INDEX journal_lines_user ON journal_lines (user_id, account, created_at) WHERE user_id IS NOT NULL;

    CREATE FUNCTION journal_check_balance(entry uuid) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      lines integer;
      total bigint;
    BEGIN
      SELECT count(*), coalesce(sum(amount_minor), 0) INTO lines, total FROM journal_lines WHERE entry_id = entry;
      IF lines < 2 OR total <> 0 THEN
        RAISE EXCEPTION 'journal entry % does not balance (% lines, sum %)', entry, lines, total;
      END IF;
    END $$;
    CREATE FUNCTION journal_entries_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM journal_check_balance(NEW.id);
      RETURN NULL;
    END $$;
    CREATE FUNCTION journal_lines_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM journal_check_balance(NEW.entry_id);
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER journal_entries_balance AFTER INSERT ON journal_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_balance();
    CREATE CONSTRAINT TRIGGER journal_lines_balance AFTER INSERT ON journal_lines
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_lines_balance();

    CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows are appended, never changed or removed', TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER entitlements_append_only BEFORE UPDATE OR DELETE ON entitlements
      FOR EACH ROW EXECUTE FUNCTION append_only();
    CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
      FOR EACH ROW EXECUTE FUNCTION append_only();
    CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
      FOR EACH ROW EXECUTE FUNCTION append_only();

    -- Upload slots were a counter on the user, changed in place; they become entitlements
    -- (granted without a purchase), and the upload quota is read from entitlements only.
    INSERT INTO entitlements (id, user_id, kind, upload_slots)
      SELECT gen_random_uuid(), id, 'uploads', extra_uploads FROM users WHERE extra_uploads > 0;
    ALTER TABLE users DROP COLUMN extra_uploads;
  `.execute(db);
}
