// fast-check arbitraries for the values an OpenAPI 3.1 schema (JSON Schema
// 2020-12) describes, read from the spec document itself ($ref followed), so
// the fuzz stage generates what the contract promises to accept. The values
// aim at the schema's own edges: lengths and numbers at their bounds, the
// spec's examples, every enum value and every oneOf branch. Rules a schema
// cannot express (if/then, cross-field rules) are not honoured: a value that
// breaks one is just another request the service must refuse cleanly.
import fc from 'fast-check';

type Schema = Record<string, any>;
type Arb = fc.Arbitrary<unknown>;

const MAX_DEPTH = 7;
const FORMAT_ARBS: Record<string, () => Arb> = {
  uuid: () => fc.uuid(),
  'date-time': () => fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: () => fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  email: () => fc.emailAddress(),
  byte: () => fc.base64String({ maxLength: 64 }),
};

export class SchemaArbitraries {
  private readonly doc: any;
  constructor(doc: any) {
    this.doc = doc;
  }

  /** Follows local $refs (components/...). */
  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; current?.$ref && hops < 32; hops++) {
      const parts = (current.$ref as string).replace(/^#\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const target = parts.reduce((acc: any, key) => acc?.[key], this.doc);
      // Siblings of a $ref (3.1 allows description and friends) are kept.
      const { $ref: _ref, ...siblings } = current;
      current = { ...target, ...siblings };
    }
    return current;
  }

  /** A value the schema accepts (as far as schema keywords go). */
  valid(schema: Schema | undefined, depth = 0): Arb {
    const s = this.flatten(this.resolve(schema));
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
    if (branches?.length) {
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      return fc.oneof(...branches.map((b) => this.valid(this.merge(rest, this.resolve(b)), depth + 1)));
    }
    const examples = [...(Array.isArray(s.examples) ? s.examples : []), ...(s.example !== undefined ? [s.example] : []), ...(s.default !== undefined ? [s.default] : [])];
    const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [this.guessType(s)];
    const generated = fc.oneof(...types.map((t) => this.ofType(t, s, depth)));
    return examples.length ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 1 }, { arbitrary: generated, weight: 2 }) : generated;
  }

  private guessType(s: Schema): string {
    if (s.properties || s.required || s.additionalProperties) return 'object';
    if (s.items) return 'array';
    if (s.minLength !== undefined || s.maxLength !== undefined || s.pattern || s.format) return 'string';
    if (s.minimum !== undefined || s.maximum !== undefined) return 'number';
    return 'any';
  }

  private ofType(type: string, s: Schema, depth: number): Arb {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return this.integer(s);
      case 'number':
        return fc.oneof(this.integer(s), this.double(s));
      case 'string':
        return this.string(s);
      case 'array':
        return this.array(s, depth);
      case 'object':
        return this.object(s, depth);
      default:
        return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
    }
  }

  private bounds(s: Schema): { min?: number; max?: number } {
    const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
    const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
    return { min, max };
  }

  private integer(s: Schema): Arb {
    const { min, max } = this.bounds(s);
    const lo = Math.ceil(min ?? -1_000_000) + (typeof s.exclusiveMinimum === 'number' ? 1 : 0);
    const hi = Math.floor(max ?? Math.max(lo, 0) + 1_000_000) - (typeof s.exclusiveMaximum === 'number' ? 1 : 0);
    if (hi < lo) return fc.constant(lo);
    // The bounds themselves are the likeliest to break something.
    return fc.oneof({ arbitrary: fc.constantFrom(lo, hi), weight: 1 }, { arbitrary: fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) }), weight: 2 });
  }

  private double(s: Schema): Arb {
    const { min, max } = this.bounds(s);
    return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true, minExcluded: typeof s.exclusiveMinimum === 'number', maxExcluded: typeof s.exclusiveMaximum === 'number' });
  }

  private string(s: Schema): Arb {
    const minLength: number = s.minLength ?? 0;
    const maxLength: number = s.maxLength ?? minLength + 24;
    const format = typeof s.format === 'string' ? FORMAT_ARBS[s.format] : undefined;
    if (format) return format();
    if (typeof s.pattern === 'string') {
      try {
        const pattern = new RegExp(s.pattern, 'u');
        const fits = (v: string) => v.length >= minLength && v.length <= maxLength && pattern.test(v);
        // A generated match is usually short: with a minimum length, filtering alone
        // would almost never pass and spin. Repeating a match keeps patterns like
        // ^[class]+$ matched; the filter still drops any repetition that does not.
        return fc
          .stringMatching(pattern)
          .map((v) => (v.length > 0 && v.length < minLength ? v.repeat(Math.ceil(minLength / v.length)).slice(0, Math.max(minLength, Math.min(maxLength, v.length * Math.ceil(minLength / v.length)))) : v))
          .filter(fits);
      } catch {
        // A pattern fast-check cannot invert (lookarounds): fall through to plain strings.
      }
    }
    const short = Math.min(maxLength, minLength + 24);
    const arbs: Arb[] = [fc.string({ minLength, maxLength: short, unit: 'grapheme' })];
    // A string exactly at its maximum length.
    if (s.maxLength !== undefined && s.maxLength <= 4096) arbs.push(fc.constant('x'.repeat(s.maxLength)));
    return fc.oneof(...arbs);
  }

  private array(s: Schema, depth: number): Arb {
    const minLength: number = s.minItems ?? 0;
    const maxLength = Math.min(s.maxItems ?? minLength + 3, minLength + (depth > 3 ? 1 : 3));
    return fc.array(this.valid(s.items ?? {}, depth + 1), { minLength, maxLength });
  }

  private object(s: Schema, depth: number): Arb {
    const properties: Record<string, Schema> = s.properties ?? {};
    const required = new Set<string>(s.required ?? []);
    if (!Object.keys(properties).length) {
      // A free-form object (a JSON Schema, metadata): small and shallow.
      return depth >= MAX_DEPTH ? fc.constant({}) : fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { maxKeys: 3 });
    }
    const entries: Record<string, Arb> = {};
    for (const [name, schema] of Object.entries(properties)) {
      if (!required.has(name) && depth >= MAX_DEPTH) continue;
      entries[name] = this.valid(schema, depth + 1);
    }
    for (const name of required) entries[name] ??= fc.string({ maxLength: 8 });
    return fc.record(entries, { requiredKeys: [...required].filter((k) => k in entries) });
  }

  /** allOf merged into one schema (properties and required joined). */
  private flatten(s: Schema): Schema {
    if (!Array.isArray(s.allOf)) return s;
    const { allOf, ...rest } = s;
    return (allOf as Schema[]).reduce<Schema>((acc, part) => this.merge(acc, this.flatten(this.resolve(part))), rest);
  }

  private merge(a: Schema, b: Schema): Schema {
    const merged: Schema = { ...a, ...b };
    if (a.properties || b.properties) merged.properties = { ...a.properties, ...b.properties };
    if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
    if (a.type && b.type && a.type !== b.type) merged.type = b.type;
    return merged;
  }
}
