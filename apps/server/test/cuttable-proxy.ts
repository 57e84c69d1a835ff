import net from 'node:net';

/**
 * A TCP proxy in front of the S3 server that can be cut: every open connection destroyed and the
 * port closed (new connections refused), then opened again on the same port.
 */
export async function startCuttableProxy(target: URL, onRequest: (firstChunk: string) => void) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);
    client.on('data', (chunk: Buffer) => onRequest(chunk.subarray(0, 200).toString('latin1')));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
      server.close();
    },
    async restore() {
      cut = false;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
