// Imported first by the entry point (server/main.ts), before anything else
// runs: gives V8 the object shapes of incoming request headers, and of
// process.nextTick's queue entries, while it can still remember them.
import { createHook } from 'node:async_hooks';

// Request headers: Node builds each request's `req.headers` as `{}` with one
// property added per header line, and V8 finds the shape of `{host}` through
// the transitions of the empty object's shape. That list holds at most ~1,500
// entries, and compiling the specs' request validators (Ajv, at start-up)
// fills it with the schemas' property names. Past that, every request's
// headers object got shapes of its own, never seen before: each read of a
// header (Node's HTTP parser, authentication, validation, the request id)
// missed its inline cache and went to V8's runtime, eleven times per /v1
// call, and building the object made four new shapes (profile and `--log-ic`,
// 2026-11-26: Node's header parsing took 10x the bare proxy's time). Once
// `{host}` is known, the rest of the chain hangs off it and is remembered as
// usual.
//
// undici builds the headers of each provider's answer the same way.
//
// The header names a request or an answer usually starts with (HTTP/1.1
// clients send Host first, servers mostly Date); the objects are kept so that
// the shapes, held weakly by the transitions, stay.
const FIRST_HEADERS = [
  // requests
  'host',
  'content-type',
  'content-length',
  'authorization',
  'x-api-key',
  'user-agent',
  'accept',
  'connection',
  'accept-encoding',
  // providers' answers
  'date',
  'server',
  'x-request-id',
  'cache-control',
  'transfer-encoding',
  'vary',
  'keep-alive',
];

/** Exported, so that the objects holding the shapes stay reachable as long as the process runs. */
export const headerShapes: readonly Record<string, string>[] = FIRST_HEADERS.map((name) => {
  // Built as Node builds req.headers: a property added to `{}`.
  const headers: Record<string, string> = {};
  headers[name] = '';
  return headers;
});

// process.nextTick's queue entries: Node builds each as an object literal
// whose first keys are computed (`{ [async_id_symbol]: id, ... }`). V8 keeps
// such a literal's shapes for the next call in its feedback, weakly, and
// decides for each key in the runtime: once a full garbage collection has
// dropped the shapes (no entry alive at that moment, as when the service
// starts up), the next call finds none there and the literal becomes
// megamorphic for good. Node's code then defines every entry's keys in V8's
// runtime: ~36 calls and ~48 k instructions per /v1 call, a tenth of the
// gateway's main thread, which the bare proxy (no full collection before its
// traffic) never paid (callgrind, 2026-11-27). One entry kept alive keeps its
// shape and, through it, the shapes it was built from.

/** One of process.nextTick's queue entries, kept so that its shapes stay (undefined should Node stop reporting them). */
export const tickShape: object | undefined = nextTickEntry();

function nextTickEntry(): object | undefined {
  let entry: object | undefined;
  // The only way to see an entry: an init hook, on for this one call.
  const hook = createHook({
    init(_asyncId, type, _triggerId, resource) {
      if (type === 'TickObject') entry ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return entry;
}
