// The counter and histogram of the metrics every /v1 call updates (requests,
// durations, the gateway's added time, upstream requests). prom-client's
// children validate the labels, hash them into a string and look that string
// up on every inc() and observe(): four updates took ~6 µs of each call's
// CPU. Here a child is resolved once per label values and holds its own
// numbers, so an update is an addition (and, for a histogram, a walk over the
// bounds). The registry reads them through the same interface as prom-client's
// own metrics (get, getForPromString, reset), so /metrics prints exactly what
// prom-client's Counter and Histogram print.
import type { Registry } from 'prom-client';

interface HotOptions<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  registers: Registry[];
}

type Labels = Record<string, string>;

// What prom-client's registry reads from a metric: values with their labels,
// and (for the exposition) labels shared by a whole label set kept apart.
interface ValuePair {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  metricName?: string;
  exemplar?: null;
}

interface MetricData {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: ValuePair[];
  aggregator: 'sum';
}

/**
 * What every child has. A child is the storage of its label set, as an entry
 * of prom-client's hashMap is: it is never dropped (callers keep children, and
 * a dropped one would go on counting where no scrape sees it), only zeroed by
 * a reset. Like prom-client, a label set is printed once it has been updated
 * since the last reset, not merely asked for.
 */
interface Child {
  readonly labels: Labels;
  seen: boolean;
  zero(): void;
}

abstract class HotMetric<L extends string, C extends Child> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
  readonly aggregator = 'sum' as const;
  protected readonly children = new Map<string, C>();

  constructor(opts: HotOptions<L>) {
    this.name = opts.name;
    this.help = opts.help;
    this.labelNames = opts.labelNames;
    for (const registry of opts.registers) registry.registerMetric(this as never);
  }

  /** The child for these label values, in labelNames' order (prom-client's labels(...values)). */
  labels(...values: string[]): C {
    const key = values.length === 1 ? values[0]! : values.join('\0');
    let child = this.children.get(key);
    if (!child) {
      if (values.length !== this.labelNames.length) throw new Error(`${this.name} takes ${this.labelNames.length} label values, got ${values.length}`);
      const labels: Labels = {};
      this.labelNames.forEach((n, i) => (labels[n] = values[i]!));
      this.children.set(key, (child = this.newChild(labels)));
    }
    return child;
  }

  /** Every label set back to nothing: the children stay, so those kept by callers count on. */
  reset(): void {
    for (const child of this.children.values()) child.zero();
  }

  /** The label sets updated since the last reset. */
  protected *seen(): Iterable<C> {
    for (const child of this.children.values()) if (child.seen) yield child;
  }

  protected abstract newChild(labels: Labels): C;
}

class CounterChild implements Child {
  readonly labels: Labels;
  value = 0;
  seen = false;
  constructor(labels: Labels) {
    this.labels = labels;
  }

  inc(by = 1): void {
    if (!(by >= 0) || !Number.isFinite(by)) throw new TypeError(`a counter only grows by a finite amount, not ${by}`);
    this.value += by;
    this.seen = true;
  }

  zero(): void {
    this.value = 0;
    this.seen = false;
  }
}

export class HotCounter<L extends string> extends HotMetric<L, CounterChild> {
  readonly type = 'counter' as const;

  protected newChild(labels: Labels): CounterChild {
    return new CounterChild(labels);
  }

  async get(): Promise<MetricData> {
    const values = [...this.seen()].map((c) => ({ value: c.value, labels: { ...c.labels } }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}

class HistogramChild implements Child {
  readonly labels: Labels;
  readonly bounds: readonly number[];
  /** Observations per bucket, not cumulative (the last slot: above every bound). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  seen = false;
  constructor(labels: Labels, bounds: readonly number[]) {
    this.labels = labels;
    this.bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
    this.seen = true;
  }

  zero(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
    this.seen = false;
  }
}

export class HotHistogram<L extends string> extends HotMetric<L, HistogramChild> {
  readonly type = 'histogram' as const;
  readonly upperBounds: readonly number[];

  constructor(opts: HotOptions<L> & { buckets: readonly number[] }) {
    super(opts);
    this.upperBounds = [...opts.buckets].sort((a, b) => a - b);
  }

  protected newChild(labels: Labels): HistogramChild {
    return new HistogramChild(labels, this.upperBounds);
  }

  /** As prom-client's Histogram: per label set, cumulative buckets (le), +Inf, _sum and _count; the label set as shared labels. */
  async getForPromString(): Promise<MetricData> {
    const values: ValuePair[] = [];
    const bucket = `${this.name}_bucket`;
    for (const c of this.seen()) {
      let acc = 0;
      for (let i = 0; i < this.upperBounds.length; i++) {
        acc += c.counts[i]!;
        values.push({ labels: { le: this.upperBounds[i]! }, sharedLabels: c.labels, value: acc, metricName: bucket, exemplar: null });
      }
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: c.labels, value: c.count, metricName: bucket, exemplar: null },
        { labels: {}, sharedLabels: c.labels, value: c.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: c.labels, value: c.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same values with each label set merged into its labels (prom-client's get()). */
  async get(): Promise<MetricData> {
    const data = await this.getForPromString();
    data.values = data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } }));
    return data;
  }
}
