import { createServer, request, type Server } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Which backend served each request, in order. */
  served: string[];
  close(): Promise<void>;
}

/** The load balancer in front of several server processes: each request to the next backend in turn. */
export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const backend = new URL(backends[next % backends.length] ?? '');
    next += 1;
    served.push(backend.origin);
    const forward = request(
      {
        hostname: backend.hostname,
        port: backend.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: backend.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => {
      outgoing.statusCode = 502;
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
