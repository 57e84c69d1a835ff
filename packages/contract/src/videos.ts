import { z } from 'zod';
import { Owner } from './common.ts';

export const SORT_FIELDS = ['likes', 'duration', 'views'] as const;
export const VIDEO_PAGE_SIZE = 12;

export const VideoCard = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  views: z.number(),
  createdAt: z.string(),
  isExclusive: z.boolean(),
  price: z.number().optional(),
  owner: z.array(Owner),
});
export type VideoCard = z.infer<typeof VideoCard>;

export const VideoStatus = z.enum(['processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof VideoStatus>;

export const DashboardVideo = VideoCard.extend({
  status: VideoStatus,
  progress: z.number(),
  failureReason: z.string().nullable(),
});
export type DashboardVideo = z.infer<typeof DashboardVideo>;

export const WatchVideo = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  videoFile: z.string().nullable(),
  hlsUrl: z.string().nullable(),
  duration: z.number(),
  views: z.number(),
  likes: z.number(),
  isLiked: z.boolean(),
  subscribers: z.number(),
  isSubscribed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isExclusive: z.boolean(),
  price: z.number(),
  status: VideoStatus,
  owner: Owner,
});
export type WatchVideo = z.infer<typeof WatchVideo>;

export const VideoListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  query: z.string().max(200).optional(),
  name: z.string().max(100).optional(),
  sortBy: z.enum(SORT_FIELDS).optional(),
  sortType: z.enum(['asc', 'desc']).optional(),
});
export type VideoListQuery = z.infer<typeof VideoListQuery>;
