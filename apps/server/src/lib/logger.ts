import pino from 'pino';
import type { Config } from '../config.ts';

export function createLogger(config: Config) {
  const pretty = process.stdout.isTTY && config.env !== 'production';
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
  });
}
