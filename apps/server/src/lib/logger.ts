import pino from 'pino';
import type { Config } from '../config.ts';

/** Readable lines where a person reads them (a terminal), JSON where a program does (LOG_FORMAT). */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, isTTY = Boolean(process.stdout.isTTY)) {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTTY);
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
  });
}
