// An s3rver process for tests and benchmarks (test/s3-server.ts starts it): serves one bucket
// from a directory on a free port and prints {"port": N} once it listens.
// s3rver lacks ListParts and AbortMultipartUpload, which @tus/s3-store uses; they are added here
// from s3rver's own upload folders (parts are files named by their number, with an .md5 beside).
import fs from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});

const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  const [, bucketName, ...keyParts] = ctx.path.split('/');
  if (!uploadId || !bucketName || keyParts.length === 0 || !['GET', 'DELETE'].includes(ctx.method)) return next();
  const dir = path.join(server.store.getResourcePath(bucketName, undefined, 'uploads'), uploadId);
  const names = await fs.readdir(dir).catch(() => null);
  if (names === null) {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = xml('<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
    return;
  }
  if (ctx.method === 'DELETE') {
    await fs.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const numbers = names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [stat, md5] = await Promise.all([
        fs.stat(path.join(dir, String(n))),
        fs.readFile(path.join(dir, `${n}.md5`), 'utf8'),
      ]);
      return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${stat.size}</Size><LastModified>${stat.mtime.toISOString()}</LastModified></Part>`;
    }),
  );
  ctx.status = 200;
  ctx.type = 'application/xml';
  ctx.body = xml(
    `<ListPartsResult><Bucket>${bucketName}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
});

const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
// Ends with its parent (a test run or benchmark), also when that one is killed.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
