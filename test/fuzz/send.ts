// Sends one fuzz case over a plain HTTP/1.1 connection, so that what is sent is
// exactly what the case says (no Content-Type or Content-Length added, a body
// cut short, headers without a body), and reads the answer, events included.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The connection broke before a whole answer arrived. */
  error?: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const MAX_ANSWER = 16 * 1024 * 1024;

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  declaredLength?: number;
  truncateAt?: number;
  timeoutMs: number;
}

export function send(base: string, r: RawRequest): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.declaredLength !== undefined) headers['content-length'] = r.declaredLength;
    else if (r.body) headers['content-length'] = r.body.length;
    // A connection that will be cut or left waiting is not reused.
    const oneOff = r.declaredLength !== undefined || r.truncateAt !== undefined;
    // The path goes out exactly as written (new URL would resolve `..` and re-encode).
    const { hostname, port } = new URL(base);
    const req = http.request({ host: hostname, port, path: r.url, method: r.method, headers, agent: oneOff ? false : agent });
    let settled = false;
    const done = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, headers: {}, body: Buffer.alloc(0), error: `no answer within ${r.timeoutMs} ms` });
    }, r.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_ANSWER) chunks.push(c);
      });
      res.on('end', () => {
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
        if (oneOff) req.destroy();
      });
      res.on('error', (err) => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), error: err.message }));
    });
    req.on('error', (err) => done({ status: 0, headers: {}, body: Buffer.alloc(0), error: err.message }));
    if (r.truncateAt !== undefined && r.body) {
      req.write(r.body.subarray(0, r.truncateAt));
      // The client goes away mid-body: nobody reads an answer, the service must just cope.
      setTimeout(() => {
        req.destroy();
        done({ status: 0, headers: {}, body: Buffer.alloc(0), error: 'truncated by the client' });
      }, 50);
      return;
    }
    if (r.declaredLength !== undefined) {
      // Headers only: the refusal must come without the body.
      req.flushHeaders();
      return;
    }
    req.end(r.body);
  });
}

export function closeConnections(): void {
  agent.destroy();
}
