// `npm run build -w apps/server`: compiles the server into apps/server/dist (scripts/lib/build.mjs).
import { buildServer } from './lib/build.mjs';

await buildServer();
