/**
 * The yardstick of the video-list benchmarks: a bare Fastify (no hooks, no plugins) answering
 * GET /api/video with a fixed JSON body, as a process of its own.
 *
 *   npx tsx bench/bare-json.ts <port> <body file>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file!, 'utf8');
const bare = Fastify({ logger: false });
bare.get('/api/video', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await bare.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('LISTENING\n');
process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
