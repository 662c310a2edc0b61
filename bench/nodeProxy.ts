// Child process for the overhead benchmark: the leanest proxy Node.js can be
// for the same call, as a second baseline. node:http in, undici out, the JSON
// body parsed, the model prefix cut, the answer parsed and sent back. No auth,
// validation, protocol translation, usage or logging: what is left is the cost
// of Node's HTTP stack and one more hop on this machine, which the gateway
// pays too. Started with the same Node flags as `npm start`; sends its URL to
// the parent over IPC.
import http from 'node:http';
import { Pool } from 'undici';

const upstream = new URL(process.env.UPSTREAM_URL!);
const pool = new Pool(upstream.origin, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
const upstreamPath = `${upstream.pathname}/chat/completions`;

const server = http.createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string };
    body.model = body.model.slice(body.model.indexOf('/') + 1);
    const answer = await pool.request({
      method: 'POST',
      path: upstreamPath,
      headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
      body: JSON.stringify(body),
    });
    const text = JSON.stringify(await answer.body.json());
    res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  } catch (err) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: String(err) } }));
  }
});
server.keepAliveTimeout = 65_000; // as the gateway (server/service.ts)
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ url: `http://127.0.0.1:${port}` });
});
process.on('disconnect', () => process.exit(0));
// An orderly exit on SIGTERM, so a --cpu-prof profile gets written.
process.on('SIGTERM', () => process.exit(0));
