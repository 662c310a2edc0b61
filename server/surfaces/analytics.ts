import type { SurfaceDefinition } from '../surface.ts';
import type { ApiError } from '../../protocols/errors.ts';
import { loadHandlers } from '../handlers.ts';
import { authenticateApiKey, authenticateSessionScheme, authenticateShareLink, authorize } from './analytics/auth.ts';
import { AnalyticsAccounts, accountSettings } from '../../analytics/accounts.ts';
import { mailerFromEnv } from '../../protocols/mail.ts';
import { cors } from './analytics/cors.ts';
import { outageAs503 } from './analytics/outage.ts';
import { ndjsonBody } from './analytics/ndjsonBody.ts';
import { rateLimit } from './analytics/rateLimit.ts';
import { IngestBuffer } from '../../analytics/ingestBuffer.ts';
import { EngagementBuffer } from '../../analytics/engagementBuffer.ts';
import { SegmentStore, cacheBudget } from '../../analytics/query/store.ts';
import { dashboardReport } from '../../analytics/reports.ts';
import { warmClassifiers } from '../../analytics/classify.ts';
import { scheduleRetention } from '../../analytics/retention.ts';
import { scheduleReports } from '../../analytics/emailReports.ts';
import type { PgBoss } from 'pg-boss';

// The contract's codes for the generic kinds the app raises (validation, unknown route).
const CODES: Record<string, string> = { invalid_request: 'bad_request', invalid_json: 'bad_request' };

function errorBody(err: ApiError) {
  const code = err.status === 400 ? (CODES[err.code] ?? err.code) : err.code;
  return { error: { code, message: err.message } };
}

export const analyticsSurface: SurfaceDefinition = {
  name: 'analytics',
  spec: 'openapi/analytics.yaml',
  handlers: await loadHandlers('analytics'),
  authenticate: {
    liveKey: authenticateApiKey as never,
    readKey: authenticateApiKey as never,
    shareLink: authenticateShareLink as never,
    session: authenticateSessionScheme as never,
  },
  renderError: errorBody,
  before: [cors, outageAs503, ndjsonBody],
  afterAuth: [authorize, rateLimit],
  async start(deps) {
    // The ASN tables load on a worker thread; beacons arriving before wait for them.
    warmClassifiers().catch((err) => deps.log.warn({ err }, 'analytics: the ASN tables did not load on a worker; the first beacon reads them'));
    const buffer = new IngestBuffer(deps.db, {
      intervalMs: Number(deps.env.ANALYTICS_FLUSH_MS || 250),
      maxBatch: Number(deps.env.ANALYTICS_FLUSH_EVENTS || 2000),
      log: deps.log,
    });
    buffer.start();
    deps.analyticsIngest = buffer;
    const engagement = new EngagementBuffer(deps.db, {
      intervalMs: Number(deps.env.ANALYTICS_FLUSH_MS || 250),
      maxBatch: Number(deps.env.ANALYTICS_FLUSH_EVENTS || 2000),
      log: deps.log,
    });
    engagement.start();
    deps.analyticsEngagement = engagement;
    const mailer = mailerFromEnv(deps.env);
    deps.analyticsAccounts = new AnalyticsAccounts(deps.db, accountSettings(deps.env), mailer);
    const cache = cacheBudget(deps.env);
    if (cache.deprecated) deps.log.warn('analytics: ANALYTICS_QUERY_CACHE_EVENTS is deprecated; set ANALYTICS_QUERY_CACHE_MB');
    const store = new SegmentStore(deps.db, { maxBytes: cache.maxBytes });
    deps.analyticsStore = store;
    // The 30-day view of the recently active projects is tallied in the background at
    // start, so its tallies are in PostgreSQL for every process (most often they already are).
    const warmDays = Number(deps.env.ANALYTICS_QUERY_WARM_DAYS ?? 30);
    // The dashboard opens on 7 days: the hours of the day that view cuts are tallied too.
    const tally = async (projectId: string) => {
      for (const days of new Set([warmDays, 7])) {
        await dashboardReport({ db: deps.db, store }, {
          projectId, period: { name: 'custom', from: Date.now() - days * 86400_000, to: Date.now() + 1, timeZone: 'UTC' }, includeBots: false, includeInternal: false, filters: [],
        }, null, 10);
      }
    };
    // A stop during the warm-up ends it; what failed because the database was closing is not a warning.
    const stopping = new AbortController();
    // It waits for the questions the start-up warm-up (server/analyticsWarmUp.ts) left running
    // past ready: the same segments, loaded once, and the first callers' questions not made to share the CPU with both.
    const warming = warmDays > 0
      ? setTimeout(() => void Promise.resolve(deps.analyticsWarming)
          .then(() => store.warm(warmDays, 50, tally, stopping.signal))
          .catch((err) => {
            if (!stopping.signal.aborted) deps.log.warn({ err }, 'analytics query warm-up failed');
          }), 1000).unref()
      : undefined;
    if (deps.boss && deps.env.ANALYTICS_RETENTION_JOB !== 'off') await scheduleRetention(deps.boss as PgBoss, deps.db);
    // Reports need mail (SMTP_URL) and a public address for their unsubscribe links (ANALYTICS_PUBLIC_URL).
    if (deps.boss && deps.env.ANALYTICS_REPORTS_JOB !== 'off') {
      if (mailer && deps.env.ANALYTICS_PUBLIC_URL) await scheduleReports(deps.boss as PgBoss, { db: deps.db, store, mailer, publicUrl: deps.env.ANALYTICS_PUBLIC_URL, log: deps.log });
      else deps.log.info('analytics: email reports are off (they need SMTP_URL and ANALYTICS_PUBLIC_URL)');
    }
    return {
      stop: () => {
        stopping.abort();
        clearTimeout(warming);
        mailer?.close();
        return Promise.all([buffer.stop(), engagement.stop()]).then(() => undefined);
      },
    };
  },
};
