import type { Db } from '../../db/database.ts';

export function createVideosRepo(db: Db) {
  return {
    async findAccessInfo(id: string) {
      return db
        .selectFrom('videos')
        .select(['id', 'owner_id', 'is_exclusive', 'status', 'has_mp4'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async countByOwner(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async extraUploads(userId: string): Promise<number> {
      const row = await db.selectFrom('users').select('extra_uploads').where('id', '=', userId).executeTakeFirst();
      return row?.extra_uploads ?? 0;
    },
  };
}
export type VideosRepo = ReturnType<typeof createVideosRepo>;
