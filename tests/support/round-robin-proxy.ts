import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A request may carry this header to pick a backend by index (a test that must know where its
 * call lands); every answer carries it with the index of the backend that answered.
 */
export const BACKEND_HEADER = 'x-cluster-backend';

/** Headers about one hop's connection, which a proxy must not pass on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

/**
 * A load balancer in front of several servers, as an operator would put one: requests alternate
 * between the backends, cookies pass both ways untouched, and the client's address goes on in
 * X-Forwarded-For (appended to what an earlier proxy sent) with X-Forwarded-Proto and -Host.
 */
export class RoundRobinProxy {
  private server: http.Server | undefined;
  private next = 0;
  private backends: readonly { host: string; port: number }[] = [];
  // Idle upstream sockets close well before the servers' keep-alive timeout, so none is reused as it closes.
  private readonly agent = new http.Agent({ keepAlive: true, timeout: 5_000 });

  /** Listens on a free port (so the servers can be told the public address first) and returns it. */
  async listen(): Promise<number> {
    const server = http.createServer((request, response) => this.forward(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  /** The servers to alternate between; until set, every request answers 503. */
  route(backends: readonly { host: string; port: number }[]): void {
    this.backends = backends;
    this.next = 0;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.agent.destroy();
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The asked backend, or the next one in turn; undefined when the asked index does not exist. */
  private pick(request: http.IncomingMessage): number | undefined {
    const asked = request.headers[BACKEND_HEADER];
    if (asked === undefined) {
      const index = this.next;
      this.next = (this.next + 1) % this.backends.length;
      return index;
    }
    const index = Number(asked);
    return Number.isInteger(index) && index >= 0 && index < this.backends.length ? index : undefined;
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (this.backends.length === 0) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('no backends yet');
      return;
    }
    const index = this.pick(request);
    if (index === undefined) {
      response
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(`no such backend: ${request.headers[BACKEND_HEADER]}`);
      return;
    }
    const backend = this.backends[index]!;
    const headers = withoutHopByHop(request.headers);
    delete headers[BACKEND_HEADER];
    const earlier = request.headers['x-forwarded-for'];
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = earlier ? `${earlier}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const upstream = http.request(
      {
        host: backend.host,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        agent: this.agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...withoutHopByHop(answer.headers),
          [BACKEND_HEADER]: String(index),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      response
        .writeHead(502, { 'content-type': 'text/plain', [BACKEND_HEADER]: String(index) })
        .end(`backend ${index} failed: ${error.message}`);
    });
    request.pipe(upstream);
  }
}
