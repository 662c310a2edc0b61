import net from 'node:net';
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconHeaders } from './beaconHeaders.ts';

describe('beaconHeaders reads what req.headers would say, without building it', () => {
  const seen: { fast: ReturnType<typeof beaconHeaders>; node: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    // The fast read first: req.headers is built lazily on its first access.
    const fast = beaconHeaders(req);
    seen.push({ fast, node: { ...req.headers } });
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const send = (headerLines: string[]) => new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST /v1/collect HTTP/1.1\r\nHost: x\r\n${headerLines.map((l) => `${l}\r\n`).join('')}Content-Length: 2\r\n\r\n{}`);
    });
    socket.on('data', () => { socket.end(); resolve(); });
    socket.on('error', reject);
  });

  it.each([
    [['Content-Type: text/plain', 'User-Agent: Mozilla/5.0', 'Origin: https://a.test', 'X-Forwarded-For: 1.2.3.4']],
    [['content-type: application/json', 'USER-AGENT: first', 'user-agent: second', 'ORIGIN: https://a.test', 'origin: https://b.test']],
    [['X-Forwarded-For: 1.1.1.1, 10.0.0.1', 'x-forwarded-for: 2.2.2.2', 'Content-Encoding: gzip', 'content-encoding: identity', 'Content-Type: text/plain;charset=UTF-8', 'content-type: x/y']],
    [['Accept: */*', 'X-Other: 1']],
  ])('%j', async (lines) => {
    await send(lines);
    const { fast, node } = seen.at(-1)!;
    expect(fast).toEqual({
      contentType: node['content-type'], contentLength: node['content-length'], contentEncoding: node['content-encoding'],
      userAgent: node['user-agent'], forwardedFor: node['x-forwarded-for'], origin: node.origin,
    });
  });
});
