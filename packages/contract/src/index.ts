export * from './common.ts';
export * from './users.ts';
export * from './password-strength.ts';
export * from './videos.ts';
