// The specs' OpenAPI links are what the fuzz stage follows from one operation
// to the next: each must name an operation that exists, parameters it takes,
// and point (with $response.body#/...) at a field the answer's schema has.
import { describe, expect, it } from 'vitest';
import { Spec, type SpecName } from './spec.ts';

const specs = (['gateway', 'compat', 'analytics'] as SpecName[]).map((name) => new Spec(name));

/** Whether a JSON pointer names a property the schema (allOf/oneOf/anyOf followed) can have. */
function schemaHas(spec: Spec, schema: any, pointer: string[]): boolean {
  const s = spec.resolve(schema);
  if (!pointer.length) return true;
  const [head, ...rest] = pointer;
  const branches = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  if (branches.some((b: any) => schemaHas(spec, b, pointer))) return true;
  if (/^\d+$/.test(head!) && s.items) return schemaHas(spec, s.items, rest);
  return s.properties?.[head!] !== undefined && schemaHas(spec, s.properties[head!], rest);
}

function expressions(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\$response\.body#([^}'"\s]*)/g)].map((m) => m[1]!);
  if (Array.isArray(value)) return value.flatMap(expressions);
  if (value && typeof value === 'object') return Object.values(value).flatMap(expressions);
  return [];
}

describe('OpenAPI links', () => {
  for (const spec of specs) {
    it(`in ${spec.name}: lead to real operations and parameters, from fields the answer has`, () => {
      let links = 0;
      for (const op of spec.operations()) {
        for (const [status, raw] of Object.entries<any>(op.op.responses)) {
          const response = spec.resolve(raw);
          for (const [name, link] of Object.entries<any>(response.links ?? {})) {
            links++;
            const where = `${op.operationId} ${status} ${name}`;
            const target = spec.operations().find((o) => o.operationId === link.operationId);
            expect(target, `${where}: no operation ${link.operationId}`).toBeDefined();
            const params = [...(spec.doc.paths[target!.path]?.parameters ?? []), ...(target!.op.parameters ?? [])].map((p: any) => spec.resolve(p).name);
            for (const param of Object.keys(link.parameters ?? {})) expect(params, `${where}: ${link.operationId} has no parameter ${param}`).toContain(param);
            if (link.requestBody !== undefined) expect(target!.op.requestBody, `${where}: ${link.operationId} takes no body`).toBeDefined();
            const schema = response.content?.['application/json']?.schema;
            for (const pointer of expressions([link.parameters, link.requestBody])) {
              expect(schemaHas(spec, schema, pointer.replace(/^\//, '').split('/')), `${where}: the answer has no ${pointer}`).toBe(true);
            }
          }
        }
      }
      if (spec.name !== 'compat') expect(links).toBeGreaterThan(0);
    });
  }

  it('take every queued operation to its status, result and cancel, and completions and media tasks to their stream', () => {
    const gateway = specs[0]!;
    for (const op of gateway.operations()) {
      const ok = op.op.responses['200'];
      if (!ok || !JSON.stringify(gateway.resolve(ok).content ?? {}).includes('QueuedEnvelope')) continue;
      const targets = Object.values<any>(gateway.resolve(ok).links ?? {}).map((l) => l.operationId);
      expect(targets, op.operationId).toEqual(expect.arrayContaining(['getQueueStatus', 'getQueueResult', 'cancelQueueTask']));
      // Completions and media tasks stream; the others (embeddings, vision, text recognition) do not.
      const streams = op.operationId === 'submitCompletion' || op.op.tags?.includes('media') && op.operationId !== 'submitEmbeddings';
      expect(targets.includes('streamQueueTask'), op.operationId).toBe(streams);
    }
  });
});
