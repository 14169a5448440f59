import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the stub does with one request: answer a status and body, or never answer. */
export type StubReply = { status: number; body?: string } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 standing in for a third party (a platform's block API, a webhook).
 * `reply` decides each answer from the request and its 1-based number; every request is recorded.
 */
export class HttpStub {
  readonly requests: StubRequest[] = [];
  reply: (request: StubRequest, n: number) => StubReply = () => ({ status: 200, body: '{"ok":true}' });
  private readonly hanging = new Set<ServerResponse>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<HttpStub> {
    const server = createServer();
    const stub = new HttpStub(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        stub.requests.push(request);
        const answer = stub.reply(request, stub.requests.length);
        if (answer === 'hang') {
          stub.hanging.add(res);
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
