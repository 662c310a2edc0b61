// The overhead bench's load generator: HTTP/1.1 over raw keep-alive sockets.
// On this 2-core machine undici spent about 0.47 ms of CPU per request in the
// load generator, a quarter of a core at 500 requests/s per path, taken from
// the same cores the gateway and the fake upstream run on. This client writes a
// prepared request as one string and reads only what a timing needs (status,
// Content-Length or chunked framing, when the first body byte came), so the
// processes being measured get the cores.

import net from 'node:net';

export interface RawResponse {
  status: number;
  /** ms from asking for the request (waiting for a connection included) to the first body byte. */
  ttfb: number;
  /** ms from asking for the request to the end of the body. */
  total: number;
}

interface Pending {
  resolve(r: RawResponse): void;
  reject(err: Error): void;
  t0: number;
}

const HEADER_END = '\r\n\r\n';
const IDLE_REUSE_MS = 4000;

class Connection {
  private readonly socket: net.Socket;
  private buffer = '';
  private pending: Pending | undefined;
  private status = 0;
  private ttfb = 0;
  /** Bytes of body still expected (Content-Length), or -1 while reading chunks, or -2 between responses. */
  private remaining = -2;
  ready: Promise<void>;
  closed = false;
  /** When the last response ended (performance.now()). */
  idleSince = 0;

  constructor(port: number, host: string, onClose: (c: Connection) => void) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk.toString('latin1')));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.pending?.reject(new Error('connection closed before the response ended'));
      this.pending = undefined;
      onClose(this);
    });
  }

  send(request: string, p: Pending): void {
    this.pending = p;
    this.remaining = -2;
    this.buffer = '';
    this.ttfb = 0;
    this.socket.write(request, 'latin1');
  }

  close(): void {
    this.socket.destroy();
  }

  private read(text: string): void {
    if (!this.pending) return;
    this.buffer += text;
    if (this.remaining === -2) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) return;
      const head = this.buffer.slice(0, end).toLowerCase();
      this.status = Number(this.buffer.slice(9, 12));
      this.buffer = this.buffer.slice(end + HEADER_END.length);
      const length = /\r\ncontent-length: *(\d+)/.exec(head);
      this.remaining = length ? Number(length[1]) : /\r\ntransfer-encoding: *chunked/.test(head) ? -1 : 0;
    }
    if (!this.ttfb && this.buffer.length) this.ttfb = performance.now() - this.pending.t0;
    if (this.remaining >= 0) {
      if (this.buffer.length < this.remaining) return;
      this.buffer = this.buffer.slice(this.remaining);
      return this.finish();
    }
    // Chunked: consume whole chunks; the zero-size one (and the CRLF after it) ends the body.
    for (;;) {
      const eol = this.buffer.indexOf('\r\n');
      if (eol < 0) return;
      const size = parseInt(this.buffer.slice(0, eol), 16);
      if (size === 0) {
        if (this.buffer.length < eol + 4) return;
        this.buffer = this.buffer.slice(eol + 4);
        return this.finish();
      }
      if (this.buffer.length < eol + 2 + size + 2) return;
      this.buffer = this.buffer.slice(eol + 2 + size + 2);
    }
  }

  private finish(): void {
    const p = this.pending!;
    this.pending = undefined;
    this.remaining = -2;
    this.idleSince = performance.now();
    const total = this.idleSince - p.t0;
    p.resolve({ status: this.status, ttfb: this.ttfb || total, total });
  }
}

/** Up to `connections` keep-alive connections to one origin; requests beyond that wait for a free one. */
export class RawHttpPool {
  private readonly host: string;
  private readonly port: number;
  private readonly max: number;
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Array<{ request: string; p: Pending }> = [];

  constructor(origin: string, connections: number) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.max = connections;
  }

  /** A request's text: request line, Host, the given headers, Content-Length, and the body. */
  prepare(method: string, path: string, headers: Record<string, string>, body: string): string {
    let text = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
    return `${text}content-length: ${Buffer.byteLength(body)}\r\n\r\n${Buffer.from(body).toString('latin1')}`;
  }

  request(request: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const p: Pending = { resolve, reject, t0: performance.now() };
      const idle = this.takeIdle();
      if (idle) this.run(idle, request, p);
      else if (this.all.size < this.max) this.open(request, p);
      else this.queue.push({ request, p });
    });
  }

  close(): void {
    for (const c of this.all) c.close();
    this.all.clear();
    this.idle.length = 0;
  }

  /**
   * A connection idle for longer than the server keeps one (Node's default
   * keep-alive timeout is 5 s) may be closing as the request goes out; such
   * connections are closed here and a fresh one opened instead, as a browser
   * or undici would.
   */
  private takeIdle(): Connection | undefined {
    const now = performance.now();
    for (let c = this.idle.pop(); c; c = this.idle.pop()) {
      if (now - c.idleSince < IDLE_REUSE_MS) return c;
      this.all.delete(c);
      c.close();
    }
    return undefined;
  }

  private open(request: string, p: Pending): void {
    const c = new Connection(this.port, this.host, (gone) => this.forget(gone));
    this.all.add(c);
    c.ready.then(
      () => this.run(c, request, p),
      (err: Error) => p.reject(err),
    );
  }

  private run(c: Connection, request: string, p: Pending): void {
    c.send(request, {
      ...p,
      resolve: (r) => {
        p.resolve(r);
        this.release(c);
      },
    });
  }

  private release(c: Connection): void {
    if (c.closed) return;
    const waiting = this.queue.shift();
    if (waiting) this.run(c, waiting.request, waiting.p);
    else this.idle.push(c);
  }

  /** A connection the server closed (its idle keep-alive timeout) is never handed out again. */
  private forget(c: Connection): void {
    this.all.delete(c);
    const at = this.idle.indexOf(c);
    if (at >= 0) this.idle.splice(at, 1);
    const waiting = this.queue.shift();
    if (waiting) this.open(waiting.request, waiting.p);
  }
}
