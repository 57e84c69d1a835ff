import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's `@/` alias (apps/web/vite.config.ts), for web unit tests.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time at least: most of a server test's time is spent waiting on PostgreSQL,
    // ffmpeg or a child server, and Vitest's default (one per CPU but one) ran the files one by one
    // on two CPUs (the whole suite 1,151 s, 761 s with two; docs/decisions.md "Tests").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
