import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-videos.ts';
import * as m0003 from './0003-discovery.ts';
import * as m0004 from './0004-comments.ts';
import * as m0005 from './0005-search-version.ts';
import * as m0006 from './0006-rolling-views.ts';
import * as m0007 from './0007-community.ts';
import * as m0008 from './0008-access-playlists-purchases.ts';
import * as m0009 from './0009-storage-keys.ts';
import * as m0010 from './0010-rate-limits.ts';
import * as m0011 from './0011-list-changes.ts';
import * as m0012 from './0012-media-gone.ts';
import * as m0013 from './0013-unfinished-uploads.ts';
import * as m0014 from './0014-moderation.ts';
import * as m0015 from './0015-event-outbox.ts';
import * as m0016 from './0016-notifications.ts';
import * as m0017 from './0017-media-gone-event.ts';
import * as m0018 from './0018-list-events.ts';
import * as m0019 from './0019-replies-recommendations.ts';
import * as m0020 from './0020-captions.ts';
import * as m0021 from './0021-scheduled-publishing.ts';
import * as m0022 from './0022-analytics.ts';
import * as m0023 from './0023-live.ts';
import * as m0024 from './0024-recommendations-faster.ts';
import * as m0025 from './0025-purchase-recovery.ts';
import * as m0029 from './0029-visibility.ts';
import * as m0030 from './0030-account-mail.ts';
import * as m0031 from './0031-two-factor.ts';
import * as m0032 from './0032-notification-types.ts';
import * as m0033 from './0033-thumbnail-candidates.ts';
import * as m0034 from './0034-live-refusals.ts';
import * as m0035 from './0035-watch-later-and-order.ts';
import * as m0038 from './0038-money-returned.ts';
import * as m0039 from './0039-account-deletion.ts';
import * as m0040 from './0040-account-exports.ts';
import * as m0042 from './0042-audit-change.ts';
import * as m0043 from './0043-payments.ts';
import * as m0044 from './0044-memberships-payouts.ts';
import * as m0045 from './0045-user-locale.ts';
import * as m0047 from './0047-passkeys.ts';
import * as m0048 from './0048-watch-later-private.ts';

/** Forward-only, applied in name order at start. Add new files here; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-videos': m0002,
  '0003-discovery': m0003,
  '0004-comments': m0004,
  '0005-search-version': m0005,
  '0006-rolling-views': m0006,
  '0007-community': m0007,
  '0008-access-playlists-purchases': m0008,
  '0009-storage-keys': m0009,
  '0010-rate-limits': m0010,
  '0011-list-changes': m0011,
  '0012-media-gone': m0012,
  '0013-unfinished-uploads': m0013,
  '0014-moderation': m0014,
  '0015-event-outbox': m0015,
  '0016-notifications': m0016,
  '0017-media-gone-event': m0017,
  '0018-list-events': m0018,
  '0019-replies-recommendations': m0019,
  '0020-captions': m0020,
  '0021-scheduled-publishing': m0021,
  '0022-analytics': m0022,
  '0023-live': m0023,
  '0024-recommendations-faster': m0024,
  '0025-purchase-recovery': m0025,
  '0029-visibility': m0029,
  '0030-account-mail': m0030,
  '0031-two-factor': m0031,
  '0032-notification-types': m0032,
  '0033-thumbnail-candidates': m0033,
  '0034-live-refusals': m0034,
  '0035-watch-later-and-order': m0035,
  '0038-money-returned': m0038,
  '0039-account-deletion': m0039,
  '0040-account-exports': m0040,
  '0042-audit-change': m0042,
  '0043-payments': m0043,
  '0044-memberships-payouts': m0044,
  '0045-user-locale': m0045,
  '0047-passkeys': m0047,
  '0048-watch-later-private': m0048,
};
