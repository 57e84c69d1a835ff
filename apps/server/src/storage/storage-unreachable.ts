/** Network failures that say the storage server could not be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

/**
 * Whether a storage call failed because the storage could not be reached or could not serve
 * (connection refused, reset or timed out; a 5xx answer from S3), a passing outage to wait out,
 * unlike a 4xx (wrong credentials, no such bucket), which waiting does not mend. Looks through
 * `cause` chains (multipart uploads and streams wrap the first error).
 */
export function isStorageUnreachable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
    $response?: { statusCode?: number };
    cause?: unknown;
    errors?: unknown[];
  };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (typeof e.name === 'string' && TIMEOUT_NAMES.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode ?? e.$response?.statusCode;
  if (typeof status === 'number') return status >= 500;
  if (Array.isArray(e.errors) && e.errors.some((x) => isStorageUnreachable(x, depth + 1))) return true;
  return isStorageUnreachable(e.cause, depth + 1);
}
