import net from 'node:net';

/**
 * A TCP proxy in front of the S3 server that can be cut or silenced, then opened again on the
 * same port:
 * - `cut()`: every open connection destroyed and the port closed (new connections refused), the
 *   outage a client notices at once;
 * - `silence()`: nothing forwarded any more, and nothing closed: open connections stay open
 *   without a byte either way, new ones are accepted and never answered (a hung endpoint, a
 *   half-open connection, a blackholed route), the outage a client notices only by its timeouts.
 */
export async function startCuttableProxy(target: URL, onRequest: (firstChunk: string) => void) {
  /** Connections forwarded to the S3 server, each as the pair of its sockets. */
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; forget: () => void }>();
  /** Client connections held open without an answer while silenced. */
  const held = new Set<net.Socket>();
  let state: 'open' | 'cut' | 'silent' = 'open';
  const hold = (client: net.Socket) => {
    client.removeAllListeners('data');
    client.pause();
    client.on('error', () => {});
    held.add(client);
    client.once('close', () => held.delete(client));
  };
  const server = net.createServer((client) => {
    if (state === 'cut') return client.destroy();
    if (state === 'silent') return hold(client);
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = {
      client,
      upstream,
      forget: () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      },
    };
    pairs.add(pair);
    client.on('close', pair.forget).on('error', pair.forget);
    upstream.on('close', pair.forget).on('error', pair.forget);
    client.on('data', (chunk: Buffer) => onRequest(chunk.subarray(0, 200).toString('latin1')));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    for (const client of held) client.destroy();
    held.clear();
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut() {
      state = 'cut';
      destroyAll();
      server.close();
    },
    silence() {
      state = 'silent';
      for (const pair of pairs) {
        const { client, upstream, forget } = pair;
        // Neither end hears of it: the client's socket stays open and gets nothing more.
        client.off('close', forget).off('error', forget);
        upstream
          .off('close', forget)
          .off('error', forget)
          .on('error', () => {});
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.destroy();
        hold(client);
      }
      pairs.clear();
    },
    async restore() {
      const wasCut = state === 'cut';
      state = 'open';
      // What was held open gets nothing ever: closed, as the route coming back would reset it.
      for (const client of held) client.destroy();
      held.clear();
      if (wasCut) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => {
      destroyAll();
      server.close();
    },
  };
}
