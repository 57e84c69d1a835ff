export * from './common.ts';
export * from './users.ts';
export * from './password-strength.ts';
export * from './videos.ts';
export * from './video-list.ts';
export * from './likes.ts';
export * from './history.ts';
export * from './dashboard.ts';
