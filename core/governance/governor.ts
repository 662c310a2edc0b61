// Enforces allow-lists, rate limits and budgets before any upstream call, on
// every process sharing the database, without a database round trip per
// request: each process leases a meter's window in chunks (one atomic
// statement, db/gateway/leaseAllowance.ts), serves calls from its lease, and
// gives back what it did not use. A hard budget's lease is granted only while
// the window's used + leased stays within it, and a call is admitted only
// when its worst-case price is covered by the lease, so spend never passes
// the budget. What a call actually cost is settled in the transaction that
// writes its usage row (core/usageBatch.ts, db/gateway/finishTask.ts).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ApiError } from '../../protocols/errors.ts';
import { leaseAllowance } from '../../db/gateway/leaseAllowance.ts';
import { returnAllowances } from '../../db/gateway/returnAllowances.ts';
import { readAllowances } from '../../db/gateway/readAllowances.ts';
import { listPolicies } from '../../db/gateway/listPolicies.ts';
import type { Charge, CrossedThreshold } from '../../db/gateway/settleAllowances.ts';
import type { PgBoss } from 'pg-boss';
import { announceCrossed } from './alerts.ts';
import type { GatewayAuth } from '../gatewayAuth.ts';
import { hasRules, metersOf, policyOfRow, modelAllowed, windowOf, type Governed, type MeterSpec, type Policy } from './policy.ts';

export type Clock = () => number;

/** What a queued task keeps of its reservation until it ends (gateway_tasks.charges). */
export interface TaskCharge {
  m: string;
  w: string;
  cap: number;
  /** What the task holds of the meter's leased amount. */
  r: number;
}

/** The call as the governor sees it before it runs. */
export interface CallEstimate {
  /** Every provider and model the call may reach (routing targets included). */
  targets: ReadonlyArray<{ provider: string; model: string }>;
  /** Input (estimate) plus output at its ceiling. */
  tokens: number;
  /** Worst-case price in USD across the targets; 0 for a call that costs nothing. */
  cost: number;
}

/** What a limit says to OpenAI's clients (x-ratelimit-*). */
export interface RateView {
  limit: number;
  remaining: number;
  resetMs: number;
}

// A chunk is this share of a limit: with N processes, a rate limit is passed
// by at most N-1 chunks in a window.
const CHUNK_SHARE = 20;
// A lease unused this long is given back, so other processes can use it.
const IDLE_RETURN_MS = 2_000;

class Lease {
  readonly spec: MeterSpec;
  readonly start: number;
  readonly end: number | undefined;
  readonly iso: string;
  balance = 0;
  /** What the window had left beyond this process's lease at the last grant: for the rate-limit headers. */
  elsewhere = 0;
  lastUsed: number;
  pending: Promise<boolean> | undefined;
  constructor(spec: MeterSpec, window: { start: number; end?: number }, now: number) {
    this.spec = spec;
    this.start = window.start;
    this.end = window.end;
    this.iso = new Date(window.start).toISOString();
    this.lastUsed = now;
  }
}

interface Reservation {
  lease: Lease;
  amount: number;
}

/** An admitted call: what it reserved, to settle once it has ended. */
export class Ticket {
  private readonly reservations: Reservation[];
  /** Soft budgets: nothing reserved, the spend counted at settlement. */
  private readonly soft: Array<{ spec: MeterSpec; iso: string }>;
  readonly requests?: RateView;
  readonly tokens?: RateView;
  private settled = false;

  constructor(reservations: Reservation[], soft: Array<{ spec: MeterSpec; iso: string }>, now: number) {
    this.reservations = reservations;
    this.soft = soft;
    for (const { lease } of reservations) {
      const metric = lease.spec.metric;
      if (metric === 'spend') continue;
      const view = { limit: lease.spec.cap, remaining: Math.max(0, Math.floor(lease.elsewhere + lease.balance)), resetMs: (lease.end ?? now) - now };
      // The tightest limit is the one a client should pace itself by.
      if (metric === 'requests' && (!this.requests || view.remaining < this.requests.remaining)) this.requests = view;
      if (metric === 'tokens' && (!this.tokens || view.remaining < this.tokens.remaining)) this.tokens = view;
    }
  }

  /**
   * The call ended (or never ran: cost and tokens 0). Unused reservation goes
   * back to this process's leases; answers what to settle in the database,
   * with the usage row.
   */
  settle(cost: number, tokens: number): Charge[] {
    if (this.settled) return [];
    this.settled = true;
    const charges: Charge[] = [];
    for (const { lease, amount } of this.reservations) {
      const spec = lease.spec;
      if (spec.metric === 'tokens') lease.balance += amount - tokens;
      else if (spec.metric === 'spend') {
        const release = Math.min(cost, amount);
        lease.balance += amount - release;
        if (cost > 0) charges.push({ m: spec.meter, w: lease.iso, cap: spec.cap, spent: cost, release });
      }
    }
    if (cost > 0) for (const { spec, iso } of this.soft) charges.push({ m: spec.meter, w: iso, cap: spec.cap, spent: cost, release: 0 });
    return charges;
  }

  /** hold() undone: the task was not stored. */
  unhold(): void {
    this.settled = false;
    this.settle(0, 0);
  }

  /** For a queued task: the reservation leaves this process with the task, settled when it ends, wherever. */
  hold(): TaskCharge[] {
    this.settled = true;
    const out: TaskCharge[] = [];
    for (const { lease, amount } of this.reservations) if (lease.spec.metric === 'spend') out.push({ m: lease.spec.meter, w: lease.iso, cap: lease.spec.cap, r: amount });
    for (const { spec, iso } of this.soft) out.push({ m: spec.meter, w: iso, cap: spec.cap, r: 0 });
    return out;
  }
}

export class Governor {
  private readonly db: Knex;
  private readonly log: Logger | undefined;
  readonly now: Clock;
  private teams = new Map<string, Governed>();
  private tags = new Map<string, Governed>();
  private readonly leases = new Map<string, Lease>();
  private sweeper: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  private readonly boss: PgBoss | undefined;

  private readonly env: NodeJS.ProcessEnv;

  constructor(db: Knex, opts: { clock?: Clock; log?: Logger; boss?: PgBoss; env?: NodeJS.ProcessEnv } = {}) {
    this.db = db;
    this.env = opts.env ?? {};
    this.log = opts.log;
    this.boss = opts.boss;
    this.now = opts.clock ?? Date.now;
  }

  /** Budget thresholds a settlement crossed (each claimed once in the database): log, metric, webhook. */
  crossed(rows: CrossedThreshold[]): void {
    if (rows.length && this.boss && this.log) void announceCrossed({ db: this.db, boss: this.boss, log: this.log, sign: Boolean(this.env.GATEWAY_ALERT_SECRET) }, rows, this.now());
  }

  async start(): Promise<void> {
    await this.reload();
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.log?.warn({ err }, 'could not return idle leases')), 1_000);
    this.sweeper.unref();
  }

  /** Teams' and tags' policies changed (PostgreSQL said so): read them again. */
  reload(): Promise<void> {
    const run = (this.loading ?? Promise.resolve()).then(async () => {
      const { teams, tags } = await listPolicies(this.db);
      this.teams = new Map(teams.map((t) => [t.id, { scope: 'team' as const, id: t.id, label: `team ${t.name}`, policy: policyOfRow(t) }]));
      this.tags = new Map(tags.map((t) => [t.tag, { scope: 'tag' as const, id: t.tag, label: `tag ${t.tag}`, policy: policyOfRow(t) }]));
    });
    this.loading = run.catch((err) => this.log?.error({ err }, 'could not load team and tag policies'));
    return run;
  }

  /** The parties whose policies a key's calls must pass: itself, its team, its tags that have a policy. */
  partiesOf(auth: GatewayAuth): Governed[] {
    const out: Governed[] = [];
    if (auth.policy && hasRules(auth.policy)) out.push({ scope: 'key', id: auth.keyId, label: `key ${auth.keyName}`, policy: auth.policy });
    const team = auth.teamId ? this.teams.get(auth.teamId) : undefined;
    if (team && hasRules(team.policy)) out.push(team);
    for (const tag of auth.tags) {
      const t = this.tags.get(tag);
      if (t && hasRules(t.policy)) out.push(t);
    }
    return out;
  }

  /** Whether anything could refuse this key's calls: when not, admit() need not be asked. */
  governs(auth: GatewayAuth): boolean {
    return this.partiesOf(auth).length > 0;
  }

  /**
   * Refuses (403 model_not_allowed, 429 rate_limit_exceeded or
   * budget_exceeded) or admits a call, reserving what it may use. Answers at
   * once when this process's leases cover the call; null when no policy
   * applies to the key.
   */
  admit(auth: GatewayAuth, estimate: () => CallEstimate): Ticket | null | Promise<Ticket | null> {
    const parties = this.partiesOf(auth);
    if (!parties.length) return null;
    const call = estimate();
    checkAllowed(parties, call.targets);
    const needs: Array<{ spec: MeterSpec; need: number }> = [];
    const soft: Array<{ spec: MeterSpec; iso: string }> = [];
    const now = this.now();
    for (const party of parties) {
      for (const spec of metersOf(party)) {
        if (spec.metric === 'spend' && !spec.hard) {
          soft.push({ spec, iso: new Date(windowOf(spec.period, now).start).toISOString() });
          continue;
        }
        const need = spec.metric === 'requests' ? 1 : spec.metric === 'tokens' ? call.tokens : call.cost;
        // A call that costs nothing is never refused by a budget.
        if (need > 0) needs.push({ spec, need });
      }
    }
    return this.take(needs, soft, now) ?? this.takeAfterLeasing(needs, soft);
  }

  /** The allow-lists alone (403 model_not_allowed): for a batch's lines, checked when it is created; nothing is reserved. */
  allowed(auth: GatewayAuth, targets: CallEstimate['targets']): void {
    checkAllowed(this.partiesOf(auth), targets);
  }

  private lease(spec: MeterSpec, now: number): Lease {
    let lease = this.leases.get(spec.meter);
    if (!lease || (lease.end !== undefined && now >= lease.end) || lease.spec.cap !== spec.cap || lease.spec.hard !== spec.hard) {
      // The old lease's balance goes back from the sweeper (it is no longer the current one).
      if (lease) this.retired.push(lease);
      lease = new Lease(spec, windowOf(spec.period, now), now);
      this.leases.set(spec.meter, lease);
    }
    return lease;
  }

  private retired: Lease[] = [];

  /** Takes every need from the local leases, or nothing when one falls short. */
  private take(needs: Array<{ spec: MeterSpec; need: number }>, soft: Array<{ spec: MeterSpec; iso: string }>, now: number): Ticket | undefined {
    for (const { spec, need } of needs) if (this.lease(spec, now).balance < need) return undefined;
    const reservations: Reservation[] = [];
    for (const { spec, need } of needs) {
      const lease = this.lease(spec, now);
      lease.balance -= need;
      lease.lastUsed = now;
      reservations.push({ lease, amount: need });
    }
    return new Ticket(reservations, soft, now);
  }

  private async takeAfterLeasing(needs: Array<{ spec: MeterSpec; need: number }>, soft: Array<{ spec: MeterSpec; iso: string }>): Promise<Ticket> {
    for (;;) {
      const now = this.now();
      for (const { spec, need } of needs) {
        const lease = this.lease(spec, now);
        if (lease.balance >= need) continue;
        if (!(await this.refill(lease, need))) throw await this.refusal(lease, need);
      }
      // Other calls may have taken what was leased meanwhile: then lease again.
      const ticket = this.take(needs, soft, this.now());
      if (ticket) return ticket;
    }
  }

  /** One lease request at a time per meter; answers false when the database refused. */
  private async refill(lease: Lease, need: number): Promise<boolean> {
    while (lease.pending) {
      const granted = await lease.pending;
      if (lease.balance >= need) return true;
      if (!granted) return false;
    }
    const spec = lease.spec;
    const ask = need - lease.balance;
    const chunk = Math.max(ask, spec.metric === 'spend' ? spec.cap / CHUNK_SHARE : Math.ceil(spec.cap / CHUNK_SHARE));
    const p = leaseAllowance(this.db, { meter: spec.meter, windowStart: new Date(lease.start), cap: spec.cap, chunk, need: ask, strict: spec.metric === 'spend' }).then(
      ({ granted, left }) => {
        lease.balance += granted;
        if (granted > 0) lease.elsewhere = Math.max(0, left);
        lease.lastUsed = this.now();
        return granted > 0;
      },
    );
    lease.pending = p;
    try {
      return (await p) && lease.balance >= need;
    } finally {
      if (lease.pending === p) lease.pending = undefined;
    }
  }

  /** The 429 naming what refused and what remains, with Retry-After when the window ends. */
  private async refusal(lease: Lease, need: number): Promise<ApiError> {
    const spec = lease.spec;
    const [row] = await readAllowances(this.db, [{ m: spec.meter, w: lease.iso }]).catch(() => []);
    const taken = row ? row.used + row.leased : 0;
    const remaining = Math.max(0, spec.cap - taken + lease.balance);
    const now = this.now();
    const headers: Record<string, string> = {};
    let after = '';
    if (lease.end !== undefined) {
      const ms = Math.max(0, lease.end - now);
      headers['retry-after'] = String(Math.ceil(ms / 1000));
      headers['retry-after-ms'] = String(ms);
      after = ` It resets at ${new Date(lease.end).toISOString()}.`;
    } else {
      // Waiting does not help an all-time budget: the official clients must not retry.
      headers['x-should-retry'] = 'false';
    }
    if (spec.metric === 'spend') {
      return new ApiError(
        'rate_limited',
        `budget_exceeded: the hard ${spec.period} budget of ${spec.owner.label} ($${spec.cap}) has $${remaining.toFixed(4)} left; this call may cost up to $${need.toFixed(4)}.${after}`,
        { code: 'budget_exceeded', headers },
      );
    }
    return new ApiError(
      'rate_limited',
      `rate_limit_exceeded: the ${spec.metric} per ${spec.period} limit of ${spec.owner.label} (${spec.cap}) has ${Math.floor(remaining)} left; this call needs ${need}.${after}`,
      { code: 'rate_limit_exceeded', headers },
    );
  }

  /** Gives back idle and past leases. */
  async sweep(all = false): Promise<void> {
    const now = this.now();
    const back: Array<{ m: string; w: string; amount: number }> = [];
    for (const lease of this.retired.splice(0)) if (lease.balance > 0) back.push({ m: lease.spec.meter, w: lease.iso, amount: lease.balance });
    for (const [meter, lease] of this.leases) {
      if (lease.pending) continue;
      const past = lease.end !== undefined && now >= lease.end;
      if (all || past || now - lease.lastUsed >= IDLE_RETURN_MS) {
        if (lease.balance > 0) back.push({ m: meter, w: lease.iso, amount: lease.balance });
        // Reservations under way still point at the lease: what they refund goes back when it is retired.
        lease.balance = 0;
        if (past) this.leases.delete(meter);
      }
    }
    await returnAllowances(this.db, back);
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweep(true);
  }
}

function checkAllowed(parties: Governed[], targets: CallEstimate['targets']): void {
  for (const party of parties) {
    const allowed = party.policy.allowedModels;
    if (allowed === null) continue;
    for (const t of targets) {
      if (!modelAllowed(allowed, t.provider, t.model)) {
        throw new ApiError('forbidden', `Model '${t.provider}/${t.model}' is not allowed for ${party.label} (allowed: ${allowed.join(', ') || 'none'})`, {
          code: 'model_not_allowed',
          param: 'model',
        });
      }
    }
  }
}
