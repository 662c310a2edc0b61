export type ClientOptions = {
    baseUrl: '{scheme}://{host}' | (string & {});
};
/**
 * A person's role on one site. owner: everything a live key does, plus granting
 * the owner role and hiding sections from viewers. admin: everything a live key
 * does (keys, shared links, goals, funnels, import, events, members) except the
 * owner role and the sections. viewer: the dashboard and the stats API (what a
 * read-only key reads) minus export, setup validation and the sections an owner
 * hid; nothing else (403 `viewer_role`).
 *
 */
export type MemberRole = 'owner' | 'admin' | 'viewer';
export type SignUpRequest = {
    email: string;
    /**
     * 10 to 200 characters.
     */
    password: string;
    name?: string;
};
export type SignInRequest = {
    email: string;
    password: string;
};
export type AccountSite = {
    /**
     * The project id; send it as `X-Site` to act on this site with the session.
     */
    id: string;
    name: string;
    role: MemberRole;
    /**
     * Sections hidden from this site's viewers.
     */
    hiddenSections: Array<Section>;
};
export type AccountSession = {
    account: {
        id: string;
        email: string;
        name: string | null;
    };
    /**
     * Send as `X-CSRF-Token` on POST, PUT, PATCH and DELETE made with the session.
     */
    csrfToken: string;
    expiresAt: string;
    sites: Array<AccountSite>;
};
export type Member = {
    accountId: string;
    email: string;
    name: string | null;
    role: MemberRole;
    createdAt: string;
};
export type Invitation = {
    id: string;
    email: string;
    role: MemberRole;
    createdAt: string;
    expiresAt: string;
};
export type MemberList = {
    members: Array<Member>;
    invitations: Array<Invitation>;
};
export type InvitationPreview = {
    siteName: string;
    role: MemberRole;
    email: string;
    hasAccount: boolean;
    expiresAt: string;
};
export type InvitationAccepted = {
    siteId: string;
    role: MemberRole;
    session?: AccountSession;
};
/**
 * A dashboard section and what it covers. pages: /v1/stats/pages, event:page,
 * visit:entry_page, visit:exit_page. sources: /v1/stats/sources, visit:channel_group,
 * visit:channel, visit:source, visit:referrer, the overview's bySource. campaigns:
 * /v1/stats/utm, visit:utm_*. locations: /v1/stats/countries, /v1/stats/regions,
 * visit:country, visit:region, visit:city. devices: /v1/stats/devices, visit:device,
 * visit:browser, visit:os. languages: /v1/stats/locales, visit:locale. events:
 * /v1/stats/events, event:name, event:props:*. goals: /v1/stats/goals, /v1/goals.
 * funnels: /v1/stats/funnel, /v1/funnels. sessions: /v1/sessions.
 *
 */
export type Section = 'pages' | 'sources' | 'campaigns' | 'locations' | 'devices' | 'languages' | 'events' | 'goals' | 'funnels' | 'sessions';
export type Visibility = {
    hiddenSections: Array<Section>;
};
export type Error = {
    error: {
        /**
         * bad_request (400), unauthorized (401), invalid_invite_code (403),
         * read_only_key (403), untrusted_origin (403, ingest only), not_found (404),
         * conflict (409), payload_too_large (413), unsupported_media_type (415),
         * headers_too_large (431), rate_limited (429), daily_cap_exceeded (429),
         * service_unavailable (503: the database is unreachable).
         * Accounts and members: invalid_credentials (401), viewer_role,
         * owner_role, not_a_member, section_hidden, csrf_failed, signup_closed,
         * share_link_locked, wrong_password (403), site_required, weak_password
         * (400), account_exists, sign_in_first, last_owner (409), link_expired,
         * share_link_expired (410), mail_not_configured (503).
         *
         */
        code: string;
        message: string;
    };
};
export type Readiness = {
    status: 'ready';
    service: 'switchyard-analytics';
    timestamp: string;
};
/**
 * Lowercase hostname without scheme, port or path, or a wildcard `*.example.com`
 * over a hostname's subdomains (not the hostname itself; a wildcard over a bare
 * top-level domain such as `*.com` is 400). A listed hostname trusts its pages on
 * any subdomain for recording, but only a listed hostname or a wildcard match gets
 * `Access-Control-Allow-Origin` (see Cross-origin above).
 *
 */
export type Domain = string;
export type CreateProjectRequest = {
    inviteCode: string;
    name: string;
    domains: Array<Domain>;
    /**
     * Trust localhost-like origins (development setups).
     */
    allowLocalOrigins?: boolean;
    retentionDays?: number;
    dailyEventCap?: number;
};
export type CreateProjectResponse = {
    /**
     * The plaintext live key; returned exactly once.
     */
    apiKey: string;
    project: ProjectInfo;
};
/**
 * `keyPrefix` and `readKeyPrefix` are present for a key (live or read-only), an
 * owner and an admin; a viewer's session and a shared link get neither, and get
 * `hiddenSections` instead.
 *
 */
export type ProjectInfo = {
    /**
     * Public project id (used by the tracking script's `data-project`).
     */
    id: string;
    name: string;
    /**
     * First 16 characters of the live key. Absent for a viewer and a shared link.
     */
    keyPrefix?: string;
    domains: Array<string>;
    /**
     * Events older than this many days are deleted by a nightly job (default 395).
     */
    retentionDays: number;
    /**
     * Live-ingested events accepted per UTC day (default 100000).
     */
    dailyEventCap: number;
    createdAt: string;
    /**
     * First 16 characters of the read-only key; null if none is active. Absent for a viewer and a shared link.
     */
    readKeyPrefix?: string | null;
    allowLocalOrigins: boolean;
    /**
     * Only for a viewer's session and a shared link; the sections the owner hid from them, whose routes answer 403 `section_hidden`.
     */
    hiddenSections?: Array<Section>;
};
export type ReadKeyCreated = {
    apiKey: string;
    keyPrefix: string;
};
export type OriginCheck = {
    value: string;
    trusted: boolean;
    /**
     * `trusted_domain`: a listed domain exactly. `subdomain_of_trusted_domain`: a
     * subdomain covered by a listed wildcard (`matched` is the wildcard), or, for
     * the page's domain only, a subdomain of a listed domain. `subdomain_not_listed`:
     * an origin on a subdomain of a listed domain that no listed domain or wildcard
     * matches: accepted for recording, no `Access-Control-Allow-Origin`.
     *
     */
    reason: 'trusted_domain' | 'subdomain_of_trusted_domain' | 'subdomain_not_listed' | 'dashboard_origin' | 'local_origin_allowed' | 'local_origins_disabled' | 'untrusted' | 'invalid';
    /**
     * The trusted domain or origin that matched.
     */
    matched: string | null;
};
export type ValidateResult = {
    /**
     * Whether the ingest path would record an event from this page and origin.
     */
    accepted: boolean;
    domain: OriginCheck;
    /**
     * Null when no origin was given (non-browser callers skip the origin rule).
     */
    origin: OriginCheck | null;
    /**
     * Whether a response to this origin carries Access-Control-Allow-Origin.
     */
    cors: boolean;
};
/**
 * The period of the answer (see the `period` parameter).
 */
export type Window = '24h' | '7d' | '30d' | '90d' | 'custom';
/**
 * Channel of a session or source, from its source alone: `search` (a known search
 * engine), `social` (a known social network or video site), `direct` (no
 * source: no referrer from another site and no UTM source) or `referral`
 * (anything else: another site, a UTM source the service does not know, email
 * and newsletter traffic alike). GA4's finer grouping is `channelGroup`.
 *
 */
export type Channel = 'search' | 'social' | 'direct' | 'referral';
/**
 * Channel group of a session (`channelGroup`, filter and breakdown
 * `visit:channel_group`), by the rules of Plausible and GA4's default channel group,
 * applied in this order to its source, utm_medium, utm_campaign and utm_source:
 * Cross-network (campaign contains "cross-network"); Direct (no referrer and no
 * UTM source or medium); Paid Shopping, Paid Search, Paid Social, Paid Video (a
 * shopping site or shopping campaign, search engine, social network or video site
 * with a paid medium: `cpc`, `ppc`, `retargeting`, anything containing `cp` or
 * starting `paid`); Display (medium display, banner, expandable, interstitial or
 * cpm); Paid Other (any other paid medium); Organic Shopping, Organic Social,
 * Organic Video, Organic Search (the same sources, or media social / video /
 * organic, without a paid medium); Email (a webmail source, or medium or UTM
 * source email, e-mail, e_mail, "e mail" or newsletter); Affiliates (medium
 * affiliate); Audio; SMS; Mobile Push Notifications (medium ending in push or
 * containing mobile or notification); Referral (medium referral, app or link, or
 * any other referring site or UTM source); Unassigned. So `utm_medium=email` is
 * Email, not Referral.
 *
 */
export type ChannelGroup = 'Cross-network' | 'Direct' | 'Paid Shopping' | 'Paid Search' | 'Paid Social' | 'Paid Video' | 'Display' | 'Paid Other' | 'Organic Shopping' | 'Organic Social' | 'Organic Video' | 'Organic Search' | 'Email' | 'Affiliates' | 'Audio' | 'SMS' | 'Mobile Push Notifications' | 'Referral' | 'Unassigned';
/**
 * The comparison period (present with `compare`).
 */
export type Comparison = {
    from: string;
    to: string;
    [key: string]: unknown;
};
export type BreakdownEntry = {
    /**
     * The dimension's value; null is unknown.
     */
    value: string | null;
    /**
     * Display name where it differs from the value: sources, regions.
     */
    label?: string;
    /**
     * Sessions (visit dimensions) or distinct sessions with a matching event (event dimensions).
     */
    visitors: number;
    pageviews?: number;
    /**
     * Matching events (event:name and event:props breakdowns).
     */
    events?: number;
    bounceRate?: number;
    avgVisitDurationSeconds?: number;
    scrollDepth?: ScrollDepth;
    timeOnPage?: TimeOnPage;
    /**
     * Revenue carried by the events, per currency (event:name).
     */
    revenue?: Array<Revenue>;
    /**
     * This row's figures in the comparison period.
     */
    comparison?: {
        [key: string]: unknown;
    };
    /**
     * Percent change of visitors against the comparison period; null when it had none.
     */
    change?: number | null;
};
/**
 * Engagement (`event:page` rows and /v1/stats/pages only): the average of the
 * deepest point each page view scrolled to, in percent of the page's height (one
 * decimal), from the tracker's `engagement` extension, over the engagement that
 * arrived in the period's hours (UTC hours; the first hour counted whole). Absent
 * when no page view of the path reported engagement in the period, and when the
 * request has filters other than `event:page` (engagement is kept per page and
 * hour, not per visit). Bot and internal toggles do not apply: bots are never tallied.
 *
 */
export type ScrollDepth = number | null;
/**
 * Engagement: the average engaged time per page view in seconds (one decimal),
 * counted only while the tab was visible. Absent as `scrollDepth` is.
 *
 */
export type TimeOnPage = number | null;
export type Breakdown = {
    imported?: ImportedNote;
    window: Window;
    timezone: string;
    property: string;
    comparison?: Comparison;
    results: Array<BreakdownEntry>;
};
/**
 * No conversion between currencies is made (the service works offline); each currency is totalled apart.
 */
export type Revenue = {
    /**
     * ISO 4217 code.
     */
    currency: string | null;
    total: number;
    /**
     * Per event carrying revenue.
     */
    average: number;
};
/**
 * A custom event by name (`event`), or page views whose path matches `page` (`*` within one path segment, `**` across).
 */
export type GoalSpec = {
    event?: string;
    page?: string;
};
export type GoalInput = unknown & {
    event?: string;
    page?: string;
    displayName?: string;
};
export type Goal = {
    id: string;
    kind: 'event' | 'page';
    event: string | null;
    page: string | null;
    displayName: string;
    createdAt: string;
};
export type FunnelInput = {
    name: string;
    steps: Array<GoalSpec>;
};
export type Funnel = {
    id: string;
    name: string;
    steps: Array<GoalSpec>;
    createdAt: string;
};
export type FunnelStats = {
    window: Window;
    timezone: string;
    /**
     * Sessions started in the period (the funnel's entrants).
     */
    visitors: number;
    steps: Array<{
        goal: GoalSpec;
        label: string;
        visitors: number;
        conversionRate: number;
        conversionRateStep: number;
        dropoff: number;
        dropoffRate: number;
    }>;
    comparison?: Comparison;
};
export type SharedLink = {
    id: string;
    label: string | null;
    /**
     * First 16 characters of the token.
     */
    prefix: string;
    createdAt: string;
    /**
     * After this instant the link answers 410 `share_link_expired`; null: it works until revoked.
     */
    expiresAt: string | null;
    /**
     * Whether the link asks for a password (POST /v1/shared-links/unlock).
     */
    passwordProtected: boolean;
};
export type SharedLinkCreated = SharedLink & {
    token: string;
    /**
     * The dashboard link: `{analytics_url}/dashboard#share=<token>`.
     */
    url: string;
};
export type DashboardStats = {
    overview: Overview;
    timeseries: Timeseries;
    goals: GoalStats;
    /**
     * Property -> the results of /v1/stats/breakdown for it: event:page, event:name, and every visit dimension.
     */
    breakdowns: {
        [key: string]: Array<BreakdownEntry>;
    };
};
export type SourceEntry = {
    /**
     * Raw source id: a known engine or network id (`google`), `direct`, the referring hostname, or the utm_source.
     */
    source: string;
    /**
     * Display name.
     */
    label: string;
    channel: Channel;
    /**
     * The channel group most of the source's sessions have (a source can arrive paid and organic).
     */
    channelGroup: ChannelGroup;
    visitors: number;
    comparison?: {
        [key: string]: unknown;
    };
    change?: number | null;
};
/**
 * Distinct sessions of the window over ALL traffic (toggles ignored), in disjoint
 * classes by precedence bot > internal > vpn > human.
 *
 */
export type Segments = {
    humans: number;
    bots: number;
    vpn: number;
    internal: number;
};
/**
 * Present when `withImported` was asked for; says whether imported data is in the numbers.
 */
export type ImportedNote = {
    included: boolean;
    /**
     * Days of the period answered from imported data.
     */
    days: number;
    /**
     * Why imported data was left out although asked for: the question has filters, its buckets are hours, or imports do not carry its dimension.
     */
    reason?: 'filtered' | 'hourly' | 'dimension';
};
/**
 * - `plausible`: Plausible's CSV export, the ZIP of its `imported_*` tables (daily aggregates).
 * - `umami`: Umami's event rows as CSV (its `website_event` columns).
 * - `ga4`: Google Analytics 4's BigQuery export, event rows as NDJSON.
 *
 */
export type ImportSource = 'plausible' | 'umami' | 'ga4';
export type AnalyticsImport = {
    id: string;
    source: ImportSource;
    fileName: string | null;
    firstDay: string | null;
    lastDay: string | null;
    /**
     * Days with imported data.
     */
    days: number;
    /**
     * Data rows read from the upload.
     */
    rowsRead: number;
    /**
     * Rows that could not be read (a bad date or count): skipped and counted.
     */
    rowsSkipped: number;
    /**
     * The import's sums over all its days.
     */
    totals: {
        visits: number;
        pageviews: number;
        events: number;
    };
    createdAt: string;
};
export type Overview = {
    imported?: ImportedNote;
    window: Window;
    from: string;
    to: string;
    /**
     * Distinct sessions started in the window.
     */
    visitors: number;
    pageviews: number;
    /**
     * Custom events.
     */
    events: number;
    /**
     * Share of sessions with a single event (one page view and nothing else) (0..1).
     */
    bounceRate: number;
    avgVisitDurationSeconds: number;
    viewsPerVisit: number;
    timezone?: string;
    /**
     * The headline numbers of the comparison period (visitors, pageviews, events, bounceRate, avgVisitDurationSeconds, viewsPerVisit), with from and to.
     */
    comparison?: Comparison;
    /**
     * Percent change of each headline number against the comparison (null where it was zero); bounceRate's is the difference in points.
     */
    change?: {
        [key: string]: number | null;
    };
    segments: Segments;
    /**
     * Top 10 sources (same entries as /v1/stats/sources).
     */
    bySource: Array<SourceEntry>;
};
export type Timeseries = {
    imported?: ImportedNote;
    window: Window;
    from: string;
    to: string;
    interval: 'hour' | 'day';
    timezone?: string;
    points: Array<TimeseriesPoint>;
    /**
     * The comparison period's points, bucket for bucket.
     */
    comparison?: {
        from: string;
        to: string;
        points: Array<TimeseriesPoint>;
    };
};
export type TimeseriesPoint = {
    /**
     * The instant the bucket starts.
     */
    t: string;
    /**
     * The bucket in the time zone: YYYY-MM-DD for days, YYYY-MM-DDTHH:MM for hours.
     */
    date: string;
    /**
     * Sessions started in the bucket.
     */
    visitors: number;
    pageviews: number;
    bounceRate: number;
    avgVisitDurationSeconds: number;
};
export type PageStats = {
    imported?: ImportedNote;
    window: Window;
    results: Array<{
        path: string;
        pageviews: number;
        visitors: number;
        scrollDepth?: ScrollDepth;
        timeOnPage?: TimeOnPage;
    }>;
};
export type SourceStats = {
    imported?: ImportedNote;
    window: Window;
    results: Array<SourceEntry>;
};
export type CountryStats = {
    imported?: ImportedNote;
    window: Window;
    results: Array<{
        country: string | null;
        visitors: number;
    }>;
};
export type RegionStats = {
    window: Window;
    results: Array<{
        country: string | null;
        region: string | null;
        regionCode: string | null;
        visitors: number;
    }>;
};
export type LocaleStats = {
    window: Window;
    results: Array<{
        locale: string | null;
        visitors: number;
    }>;
};
export type EventStats = {
    imported?: ImportedNote;
    window: Window;
    results: Array<{
        name: string;
        events: number;
        visitors: number;
        revenue?: Array<Revenue>;
        comparison?: {
            [key: string]: unknown;
        };
        change?: number | null;
    }>;
};
export type ValueCount = {
    value: string;
    visitors: number;
};
export type UtmStats = {
    window: Window;
    sources: Array<ValueCount>;
    mediums: Array<ValueCount>;
    campaigns: Array<ValueCount>;
    terms: Array<ValueCount>;
    contents: Array<ValueCount>;
};
export type NameCount = {
    name: string | null;
    visitors: number;
};
export type DeviceStats = {
    imported?: ImportedNote;
    window: Window;
    browsers: Array<NameCount>;
    os: Array<NameCount>;
    /**
     * desktop, mobile, tablet, smarttv, console, wearable, embedded, or null.
     */
    deviceTypes: Array<NameCount>;
};
export type GoalStats = {
    window: Window;
    totalVisitors: number;
    results: Array<{
        /**
         * The goal's display name (an implicit goal's event name).
         */
        name: string;
        kind: 'event' | 'page';
        /**
         * The saved goal; null for an implicit event goal.
         */
        goalId?: string | null;
        event?: string | null;
        page?: string | null;
        visitors: number;
        /**
         * Matching events (page views for a page goal).
         */
        events: number;
        conversionRate: number;
        revenue: Array<Revenue>;
        comparison?: {
            [key: string]: unknown;
        };
        change?: number | null;
    }>;
};
export type Realtime = {
    activeSessions: number;
};
export type SessionRecord = {
    id: string;
    startedAt: string;
    lastSeenAt: string;
    durationSeconds: number;
    pageviews: number;
    /**
     * Custom events.
     */
    events: number;
    entryPath: string | null;
    country: string | null;
    region: string | null;
    regionCode: string | null;
    city: string | null;
    browser: string | null;
    os: string | null;
    deviceType: string | null;
    locale: string | null;
    trafficSource: string | null;
    sourceLabel: string | null;
    channel: Channel;
    channelGroup: ChannelGroup;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    utmTerm?: string | null;
    utmContent?: string | null;
    /**
     * Referring URL of the first event: scheme, host and path.
     */
    referrer?: string | null;
    isBot: boolean;
    isVpn: boolean;
    /**
     * A session is internal (and a bot, and VPN) as soon as any of its events is:
     * one marked internal midway counts as internal throughout, in this list and in
     * every stats route alike.
     *
     */
    isInternal: boolean;
};
export type SessionList = {
    sessions: Array<SessionRecord>;
    limit: number;
    offset: number;
    hasMore: boolean;
    /**
     * Present (not null) exactly when `hasMore` is true; pass it as `cursor` for the next page.
     */
    nextCursor: string | null;
};
export type SessionEvent = {
    id: string;
    createdAt: string;
    eventType: 'pageview' | 'event';
    eventName: string | null;
    props: Props | null;
    path: string;
    referrerPath: string | null;
    targetPath: string | null;
};
export type SessionDetail = {
    session: SessionRecord;
    events: Array<SessionEvent>;
};
/**
 * Custom properties; at most 30 keys (1..100 characters), values string (at most 500 characters), number or boolean.
 */
export type Props = {
    [key: string]: string | number | boolean;
};
/**
 * One raw event; export and import columns in this fixed order (new columns are
 * only ever appended). `referrerPath` is the referring URL without query string,
 * `targetPath` the destination of an outbound-link event, `trafficSource` the raw
 * source id (see SourceEntry), `asn` the autonomous system number.
 *
 */
export type EventRow = {
    id?: string;
    createdAt: string;
    sessionId: string;
    eventType: 'pageview' | 'event';
    eventName?: string | null;
    props?: Props | null;
    path: string;
    referrerPath?: string | null;
    targetPath?: string | null;
    country?: string | null;
    region?: string | null;
    regionCode?: string | null;
    city?: string | null;
    /**
     * Stored as a PostgreSQL integer; assigned public AS numbers are far below this bound.
     */
    asn?: number | null;
    asOrganization?: string | null;
    browser?: string | null;
    os?: string | null;
    deviceType?: string | null;
    isBot?: boolean;
    botName?: string | null;
    isVpn?: boolean;
    locale?: string | null;
    trafficSource?: string | null;
    utmSource?: string | null;
    utmMedium?: string | null;
    utmCampaign?: string | null;
    userAgent?: string | null;
    isInternal?: boolean;
    utmTerm?: string | null;
    utmContent?: string | null;
    revenueAmount?: number | null;
    revenueCurrency?: string | null;
};
export type ImportRequest = {
    /**
     * Anything; items that are not a valid EventRow are counted in skippedInvalid.
     */
    events: Array<EventRow | {
        [key: string]: unknown;
    } | Array<unknown> | string | number | boolean | null>;
};
export type ImportResult = {
    received: number;
    inserted: number;
    skippedInvalid: number;
    skippedDuplicate: number;
};
export type RecordEventRequest = {
    name: string;
    props?: Props;
    /**
     * Path the event is attributed to.
     */
    path?: string;
    /**
     * Count the event as internal traffic.
     */
    internal?: boolean;
    revenue?: RevenueInput;
};
/**
 * Revenue the event carries (a purchase). No currency conversion is made; stats total each currency apart.
 */
export type RevenueInput = {
    amount: number | string;
    /**
     * ISO 4217 code.
     */
    currency: string;
};
/**
 * `name` is required when `type` is `event` and ignored for a page view.
 */
export type CollectPayload = {
    projectId: string;
    type: 'pageview' | 'event';
    /**
     * Required for `event`.
     */
    name?: string;
    /**
     * location.href of the page (an absolute URL); path (at most 2048 characters) and UTM parameters (utm_source, utm_medium, utm_campaign, utm_term, utm_content; `ref` stands for utm_source) are read from it.
     */
    url: string;
    referrer?: string;
    locale?: string;
    props?: Props;
    /**
     * Destination URL of an outbound link click.
     */
    target?: string;
    internal?: boolean;
    /**
     * Hash-based routing (the tracker's `hash` extension) - the URL's fragment is part of the page path.
     */
    hash?: boolean;
    revenue?: RevenueInput;
};
export type EngagementPayload = {
    projectId: string;
    /**
     * location.href of the page the engagement belongs to; its path names the page, as for a page view.
     */
    url: string;
    /**
     * Hash-based routing, as in CollectPayload.
     */
    hash?: boolean;
    /**
     * The deepest point of the page seen, in percent of the page's height (100 for a page with nothing to scroll).
     */
    scrollDepth: number;
    /**
     * Milliseconds the page was visible (document.visibilityState visible) since it was viewed.
     */
    engagedMs: number;
};
export type ReportSubscriptionInput = {
    email: string;
    /**
     * The weekly report (Monday to Sunday).
     */
    weekly?: boolean;
    /**
     * The monthly report (the calendar month).
     */
    monthly?: boolean;
    /**
     * Alert when the visitors of the last 60 minutes reach this; null is no alert.
     */
    spikeVisitorsPerHour?: number | null;
    /**
     * IANA zone of the report periods and the sending hour.
     */
    timeZone?: string;
    /**
     * Local hour the reports are sent at.
     */
    hour?: number;
};
export type ReportSubscription = {
    id: string;
    /**
     * Lower-cased.
     */
    email: string;
    weekly: boolean;
    monthly: boolean;
    spikeVisitorsPerHour: number | null;
    timeZone: string;
    hour: number;
    createdAt: string;
};
export type Accepted = {
    accepted: true;
};
/**
 * The single-purpose token of one mail.
 */
export type UnsubscribeToken = string;
/**
 * The member's account id.
 */
export type AccountId = string;
/**
 * Project id baked into the script, for embeds that cannot set `data-project`.
 */
export type TrackerProject = string;
/**
 * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
 */
export type Period = '24h' | '7d' | '30d' | '90d' | 'custom';
/**
 * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
 */
export type Window2 = '24h' | '7d' | '30d' | '90d' | 'custom';
/**
 * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
 * inclusive). Only with period=custom (no example here: with a rolling period it
 * is 400).
 *
 */
export type From = string;
/**
 * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
 * inclusive); at most 400 days after `from`. Only with period=custom.
 *
 */
export type To = string;
/**
 * The rolling window whose events are exported, ending now (default `7d`). Export
 * pages through a window with its cursor; it takes no `from`/`to`, so there is no
 * `custom` here.
 *
 */
export type ExportWindow = '24h' | '7d' | '30d' | '90d';
/**
 * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
 * bucketed in it, and a custom period's dates are its local dates; rolling
 * periods end now whatever the zone. An unknown zone is 400.
 *
 */
export type Timezone = string;
/**
 * Adds the same figures for a comparison period: `previous_period` (the same
 * length right before) or `year_over_year` (the same instants a year earlier).
 * Overview and timeseries gain a `comparison` object; each breakdown row gains
 * `comparison` (the row's figures then, zeros when it had none) and `change`
 * (percent change of visitors, null when there were none).
 *
 */
export type Compare = 'previous_period' | 'year_over_year';
/**
 * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
 * all combined with AND, at most 20. Operators: `is` (equals one of the values),
 * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
 * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
 * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
 * the comparison case-insensitive (case-sensitive by default). At most 100
 * values per filter, each at most 1,000 characters. The value `(none)` stands
 * for "unknown".
 *
 * Dimensions: `event:page`, `event:name` (`pageview` for page views),
 * `event:props:<key>` (an event without the key has the value `(none)`), and the
 * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
 * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
 * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
 * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
 * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
 * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
 * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
 * `visit:browser`, `visit:os`, `visit:locale`.
 *
 * Semantics: a visit filter keeps the sessions whose (first-event) attribute
 * matches. Event filters must all hold for the same event: event counts
 * (pageviews, events, page and property breakdowns) count only matching events,
 * and session counts (visitors, bounce rate, duration) count the sessions with at
 * least one matching event in the period.
 *
 */
export type Filters = string;
/**
 * Rows of a breakdown (default 100).
 */
export type Limit = number;
/**
 * `true` or `1` includes bot traffic; default excludes it.
 */
export type IncludeBots = 'true' | '1' | 'false' | '0';
/**
 * `true` or `1` includes internal traffic; default excludes it.
 */
export type IncludeInternal = 'true' | '1' | 'false' | '0';
/**
 * `true` or `1` adds the data imported from another analytics tool (POST
 * /v1/imports) to the answer, on the days of the period that have no collected
 * events (a day with collected events answers from them alone, so nothing is
 * counted twice); default leaves it out, so the answer is the collected data
 * exactly. Imported data is daily aggregates: it is added only to unfiltered
 * questions (with `filters` the answer is the collected data and `imported.included`
 * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
 * the dimensions an import carries (pages, sources, countries, browsers, operating
 * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
 * funnels and sessions stay collected-only. Imported visitors are the source's
 * visits (sessions), which is what `visitors` counts here.
 *
 */
export type WithImported = 'true' | '1' | 'false' | '0';
export type CreateProjectData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: CreateProjectRequest;
    path?: never;
    query?: never;
    url: '/v1/projects';
};
export type CreateProjectErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * A session cookie that opens no session, or an Authorization header whose key is unknown, answers 401 `unauthorized` even here, where anonymous callers are welcome (a stale credential says so rather than acting anonymously).
     */
    401: Error;
    /**
     * The invite code is not valid.
     */
    403: Error;
    /**
     * A domain is already claimed by another project.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
};
export type CreateProjectError = CreateProjectErrors[keyof CreateProjectErrors];
export type CreateProjectResponses = {
    /**
     * Project created; `apiKey` is shown only now.
     */
    201: CreateProjectResponse;
};
export type CreateProjectResponse2 = CreateProjectResponses[keyof CreateProjectResponses];
export type GetProjectData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/project';
};
export type GetProjectErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetProjectError = GetProjectErrors[keyof GetProjectErrors];
export type GetProjectResponses = {
    /**
     * Project info.
     */
    200: ProjectInfo;
};
export type GetProjectResponse = GetProjectResponses[keyof GetProjectResponses];
export type RevokeReadKeyData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/keys/read';
};
export type RevokeReadKeyErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type RevokeReadKeyError = RevokeReadKeyErrors[keyof RevokeReadKeyErrors];
export type RevokeReadKeyResponses = {
    /**
     * Revoked (or there was none).
     */
    204: void;
};
export type RevokeReadKeyResponse = RevokeReadKeyResponses[keyof RevokeReadKeyResponses];
export type CreateReadKeyData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/keys/read';
};
export type CreateReadKeyErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateReadKeyError = CreateReadKeyErrors[keyof CreateReadKeyErrors];
export type CreateReadKeyResponses = {
    /**
     * The new read-only key, shown only now.
     */
    201: ReadKeyCreated;
};
export type CreateReadKeyResponse = CreateReadKeyResponses[keyof CreateReadKeyResponses];
export type ValidateSetupData = {
    body?: never;
    path?: never;
    query: {
        /**
         * Hostname of the page that embeds the tracking script (a full URL is accepted; its host is used).
         */
        domain: string;
        /**
         * Browser origin the events would come from, e.g. `https://www.example.com`. Omitted means a non-browser caller.
         */
        origin?: string;
    };
    url: '/v1/validate';
};
export type ValidateSetupErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ValidateSetupError = ValidateSetupErrors[keyof ValidateSetupErrors];
export type ValidateSetupResponses = {
    /**
     * The verdict and why.
     */
    200: ValidateResult;
};
export type ValidateSetupResponse = ValidateSetupResponses[keyof ValidateSetupResponses];
export type GetOverviewData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/overview';
};
export type GetOverviewErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetOverviewError = GetOverviewErrors[keyof GetOverviewErrors];
export type GetOverviewResponses = {
    /**
     * Overview.
     */
    200: Overview;
};
export type GetOverviewResponse = GetOverviewResponses[keyof GetOverviewResponses];
export type GetTimeseriesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/timeseries';
};
export type GetTimeseriesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetTimeseriesError = GetTimeseriesErrors[keyof GetTimeseriesErrors];
export type GetTimeseriesResponses = {
    /**
     * Time series.
     */
    200: Timeseries;
};
export type GetTimeseriesResponse = GetTimeseriesResponses[keyof GetTimeseriesResponses];
export type GetPagesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/pages';
};
export type GetPagesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetPagesError = GetPagesErrors[keyof GetPagesErrors];
export type GetPagesResponses = {
    /**
     * Pages.
     */
    200: PageStats;
};
export type GetPagesResponse = GetPagesResponses[keyof GetPagesResponses];
export type GetSourcesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/sources';
};
export type GetSourcesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetSourcesError = GetSourcesErrors[keyof GetSourcesErrors];
export type GetSourcesResponses = {
    /**
     * Sources.
     */
    200: SourceStats;
};
export type GetSourcesResponse = GetSourcesResponses[keyof GetSourcesResponses];
export type GetCountriesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/countries';
};
export type GetCountriesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetCountriesError = GetCountriesErrors[keyof GetCountriesErrors];
export type GetCountriesResponses = {
    /**
     * Countries.
     */
    200: CountryStats;
};
export type GetCountriesResponse = GetCountriesResponses[keyof GetCountriesResponses];
export type GetRegionsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * ISO 3166-1 alpha-2 code (case-insensitive); omitted means all countries.
         */
        country?: string;
    };
    url: '/v1/stats/regions';
};
export type GetRegionsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetRegionsError = GetRegionsErrors[keyof GetRegionsErrors];
export type GetRegionsResponses = {
    /**
     * Regions (ISO 3166-2 subdivisions).
     */
    200: RegionStats;
};
export type GetRegionsResponse = GetRegionsResponses[keyof GetRegionsResponses];
export type GetLocalesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/locales';
};
export type GetLocalesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetLocalesError = GetLocalesErrors[keyof GetLocalesErrors];
export type GetLocalesResponses = {
    /**
     * Locales.
     */
    200: LocaleStats;
};
export type GetLocalesResponse = GetLocalesResponses[keyof GetLocalesResponses];
export type GetEventStatsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/events';
};
export type GetEventStatsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetEventStatsError = GetEventStatsErrors[keyof GetEventStatsErrors];
export type GetEventStatsResponses = {
    /**
     * Custom events.
     */
    200: EventStats;
};
export type GetEventStatsResponse = GetEventStatsResponses[keyof GetEventStatsResponses];
export type GetUtmData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/utm';
};
export type GetUtmErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetUtmError = GetUtmErrors[keyof GetUtmErrors];
export type GetUtmResponses = {
    /**
     * UTM breakdowns.
     */
    200: UtmStats;
};
export type GetUtmResponse = GetUtmResponses[keyof GetUtmResponses];
export type GetDevicesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/devices';
};
export type GetDevicesErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetDevicesError = GetDevicesErrors[keyof GetDevicesErrors];
export type GetDevicesResponses = {
    /**
     * Device breakdowns; `null` names are unknown.
     */
    200: DeviceStats;
};
export type GetDevicesResponse = GetDevicesResponses[keyof GetDevicesResponses];
export type GetGoalsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/goals';
};
export type GetGoalsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetGoalsError = GetGoalsErrors[keyof GetGoalsErrors];
export type GetGoalsResponses = {
    /**
     * Goals.
     */
    200: GoalStats;
};
export type GetGoalsResponse = GetGoalsResponses[keyof GetGoalsResponses];
export type GetRealtimeData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Free-form; every query parameter is ignored.
         */
        ignored?: {
            [key: string]: unknown;
        };
    };
    url: '/v1/stats/realtime';
};
export type GetRealtimeErrors = {
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetRealtimeError = GetRealtimeErrors[keyof GetRealtimeErrors];
export type GetRealtimeResponses = {
    /**
     * Realtime.
     */
    200: Realtime;
};
export type GetRealtimeResponse = GetRealtimeResponses[keyof GetRealtimeResponses];
export type GetBreakdownData = {
    body?: never;
    path?: never;
    query: {
        /**
         * The dimension to group by, as in `filters`.
         */
        property: string;
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
        /**
         * Rows of a breakdown (default 100).
         */
        limit?: number;
    };
    url: '/v1/stats/breakdown';
};
export type GetBreakdownErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetBreakdownError = GetBreakdownErrors[keyof GetBreakdownErrors];
export type GetBreakdownResponses = {
    /**
     * Rows.
     */
    200: Breakdown;
};
export type GetBreakdownResponse = GetBreakdownResponses[keyof GetBreakdownResponses];
export type GetFunnelData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Id of a saved funnel (see /v1/funnels).
         */
        funnel?: string;
        /**
         * The steps as JSON, instead of a saved funnel.
         */
        steps?: string;
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
    };
    url: '/v1/stats/funnel';
};
export type GetFunnelErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetFunnelError = GetFunnelErrors[keyof GetFunnelErrors];
export type GetFunnelResponses = {
    /**
     * The funnel.
     */
    200: FunnelStats;
};
export type GetFunnelResponse = GetFunnelResponses[keyof GetFunnelResponses];
export type GetDashboardStatsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * Adds the same figures for a comparison period: `previous_period` (the same
         * length right before) or `year_over_year` (the same instants a year earlier).
         * Overview and timeseries gain a `comparison` object; each breakdown row gains
         * `comparison` (the row's figures then, zeros when it had none) and `change`
         * (percent change of visitors, null when there were none).
         *
         */
        compare?: 'previous_period' | 'year_over_year';
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` adds the data imported from another analytics tool (POST
         * /v1/imports) to the answer, on the days of the period that have no collected
         * events (a day with collected events answers from them alone, so nothing is
         * counted twice); default leaves it out, so the answer is the collected data
         * exactly. Imported data is daily aggregates: it is added only to unfiltered
         * questions (with `filters` the answer is the collected data and `imported.included`
         * is false, reason `filtered`), to day buckets (not hours: reason `hourly`), and to
         * the dimensions an import carries (pages, sources, countries, browsers, operating
         * systems, device types, custom events); regions, locales, UTM breakdowns, goals,
         * funnels and sessions stay collected-only. Imported visitors are the source's
         * visits (sessions), which is what `visitors` counts here.
         *
         */
        withImported?: 'true' | '1' | 'false' | '0';
        /**
         * Rows per breakdown (default 10).
         */
        limit?: number;
    };
    url: '/v1/stats/dashboard';
};
export type GetDashboardStatsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetDashboardStatsError = GetDashboardStatsErrors[keyof GetDashboardStatsErrors];
export type GetDashboardStatsResponses = {
    /**
     * The view.
     */
    200: DashboardStats;
};
export type GetDashboardStatsResponse = GetDashboardStatsResponses[keyof GetDashboardStatsResponses];
export type ListGoalsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/goals';
};
export type ListGoalsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListGoalsError = ListGoalsErrors[keyof ListGoalsErrors];
export type ListGoalsResponses = {
    /**
     * Goals, oldest first.
     */
    200: {
        goals: Array<Goal>;
    };
};
export type ListGoalsResponse = ListGoalsResponses[keyof ListGoalsResponses];
export type CreateGoalData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: GoalInput;
    path?: never;
    query?: never;
    url: '/v1/goals';
};
export type CreateGoalErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateGoalError = CreateGoalErrors[keyof CreateGoalErrors];
export type CreateGoalResponses = {
    /**
     * The goal.
     */
    201: Goal;
};
export type CreateGoalResponse = CreateGoalResponses[keyof CreateGoalResponses];
export type DeleteGoalData = {
    body?: never;
    path: {
        goalId: string;
    };
    query?: never;
    url: '/v1/goals/{goalId}';
};
export type DeleteGoalErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteGoalError = DeleteGoalErrors[keyof DeleteGoalErrors];
export type DeleteGoalResponses = {
    /**
     * Removed.
     */
    204: void;
};
export type DeleteGoalResponse = DeleteGoalResponses[keyof DeleteGoalResponses];
export type ListFunnelsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/funnels';
};
export type ListFunnelsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListFunnelsError = ListFunnelsErrors[keyof ListFunnelsErrors];
export type ListFunnelsResponses = {
    /**
     * Funnels, oldest first.
     */
    200: {
        funnels: Array<Funnel>;
    };
};
export type ListFunnelsResponse = ListFunnelsResponses[keyof ListFunnelsResponses];
export type CreateFunnelData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: FunnelInput;
    path?: never;
    query?: never;
    url: '/v1/funnels';
};
export type CreateFunnelErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateFunnelError = CreateFunnelErrors[keyof CreateFunnelErrors];
export type CreateFunnelResponses = {
    /**
     * The funnel.
     */
    201: Funnel;
};
export type CreateFunnelResponse = CreateFunnelResponses[keyof CreateFunnelResponses];
export type DeleteFunnelData = {
    body?: never;
    path: {
        funnelId: string;
    };
    query?: never;
    url: '/v1/funnels/{funnelId}';
};
export type DeleteFunnelErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteFunnelError = DeleteFunnelErrors[keyof DeleteFunnelErrors];
export type DeleteFunnelResponses = {
    /**
     * Removed.
     */
    204: void;
};
export type DeleteFunnelResponse = DeleteFunnelResponses[keyof DeleteFunnelResponses];
export type ListSharedLinksData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/shared-links';
};
export type ListSharedLinksErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListSharedLinksError = ListSharedLinksErrors[keyof ListSharedLinksErrors];
export type ListSharedLinksResponses = {
    /**
     * Active links, oldest first.
     */
    200: {
        links: Array<SharedLink>;
    };
};
export type ListSharedLinksResponse = ListSharedLinksResponses[keyof ListSharedLinksResponses];
export type CreateSharedLinkData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body?: {
        /**
         * What the link is for.
         */
        label?: string;
        /**
         * Whoever opens the link must type it (the page asks; POST /v1/shared-links/unlock). Stored as an scrypt hash, like account passwords.
         */
        password?: string;
        /**
         * When the link stops working (410 `share_link_expired`); in the future. Absent: until revoked.
         */
        expiresAt?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/shared-links';
};
export type CreateSharedLinkErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateSharedLinkError = CreateSharedLinkErrors[keyof CreateSharedLinkErrors];
export type CreateSharedLinkResponses = {
    /**
     * The link, shown only now.
     */
    201: SharedLinkCreated;
};
export type CreateSharedLinkResponse = CreateSharedLinkResponses[keyof CreateSharedLinkResponses];
export type DeleteSharedLinkData = {
    body?: never;
    path: {
        linkId: string;
    };
    query?: never;
    url: '/v1/shared-links/{linkId}';
};
export type DeleteSharedLinkErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteSharedLinkError = DeleteSharedLinkErrors[keyof DeleteSharedLinkErrors];
export type DeleteSharedLinkResponses = {
    /**
     * Revoked.
     */
    204: void;
};
export type DeleteSharedLinkResponse = DeleteSharedLinkResponses[keyof DeleteSharedLinkResponses];
export type SignUpData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: SignUpRequest;
    path?: never;
    query?: never;
    url: '/v1/account/sign-up';
};
export type SignUpErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type SignUpError = SignUpErrors[keyof SignUpErrors];
export type SignUpResponses = {
    /**
     * Signed in as the new account.
     */
    201: AccountSession;
};
export type SignUpResponse = SignUpResponses[keyof SignUpResponses];
export type SignInData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: SignInRequest;
    path?: never;
    query?: never;
    url: '/v1/account/sign-in';
};
export type SignInErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type SignInError = SignInErrors[keyof SignInErrors];
export type SignInResponses = {
    /**
     * Signed in.
     */
    200: AccountSession;
};
export type SignInResponse = SignInResponses[keyof SignInResponses];
export type GetSignInMethodsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/account/sign-in-methods';
};
export type GetSignInMethodsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
};
export type GetSignInMethodsError = GetSignInMethodsErrors[keyof GetSignInMethodsErrors];
export type GetSignInMethodsResponses = {
    /**
     * The methods.
     */
    200: {
        methods: Array<'password' | 'oidc'>;
        signup: 'open' | 'invite';
    };
};
export type GetSignInMethodsResponse = GetSignInMethodsResponses[keyof GetSignInMethodsResponses];
export type StartAccountSignInData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/account/sign-in/oidc';
};
export type StartAccountSignInErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type StartAccountSignInError = StartAccountSignInErrors[keyof StartAccountSignInErrors];
export type FinishAccountSignInData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * The identity provider's authorization response (`code`, `state`, `iss`, or `error` and `error_description`), as RFC 6749 and OpenID Connect define it.
         */
        response?: {
            [key: string]: string;
        };
    };
    url: '/v1/account/sign-in/oidc/callback';
};
export type FinishAccountSignInErrors = {
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type FinishAccountSignInError = FinishAccountSignInErrors[keyof FinishAccountSignInErrors];
export type SignOutData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/account/sign-out';
};
export type SignOutErrors = {
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type SignOutError = SignOutErrors[keyof SignOutErrors];
export type SignOutResponses = {
    /**
     * Signed out.
     */
    200: {
        signedOut: true;
    };
};
export type SignOutResponse = SignOutResponses[keyof SignOutResponses];
export type GetAccountData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/account';
};
export type GetAccountErrors = {
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetAccountError = GetAccountErrors[keyof GetAccountErrors];
export type GetAccountResponses = {
    /**
     * The session.
     */
    200: AccountSession;
};
export type GetAccountResponse = GetAccountResponses[keyof GetAccountResponses];
export type RequestPasswordResetData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        email: string;
    };
    path?: never;
    query?: never;
    url: '/v1/account/password-reset';
};
export type RequestPasswordResetErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type RequestPasswordResetError = RequestPasswordResetErrors[keyof RequestPasswordResetErrors];
export type RequestPasswordResetResponses = {
    /**
     * If the email has an account, the mail is on its way.
     */
    202: Accepted;
};
export type RequestPasswordResetResponse = RequestPasswordResetResponses[keyof RequestPasswordResetResponses];
export type CompletePasswordResetData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        token: string;
        password: string;
    };
    path?: never;
    query?: never;
    url: '/v1/account/password-reset/complete';
};
export type CompletePasswordResetErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * A link that no longer works: `link_expired` (invitation or reset), `share_link_expired`.
     */
    410: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CompletePasswordResetError = CompletePasswordResetErrors[keyof CompletePasswordResetErrors];
export type CompletePasswordResetResponses = {
    /**
     * The password is set.
     */
    200: {
        passwordSet: true;
    };
};
export type CompletePasswordResetResponse = CompletePasswordResetResponses[keyof CompletePasswordResetResponses];
export type ListMembersData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/members';
};
export type ListMembersErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListMembersError = ListMembersErrors[keyof ListMembersErrors];
export type ListMembersResponses = {
    /**
     * Members (oldest first) and invitations not yet accepted.
     */
    200: MemberList;
};
export type ListMembersResponse = ListMembersResponses[keyof ListMembersResponses];
export type RemoveMemberData = {
    body?: never;
    path: {
        /**
         * The member's account id.
         */
        accountId: string;
    };
    query?: never;
    url: '/v1/members/{accountId}';
};
export type RemoveMemberErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type RemoveMemberError = RemoveMemberErrors[keyof RemoveMemberErrors];
export type RemoveMemberResponses = {
    /**
     * Removed.
     */
    204: void;
};
export type RemoveMemberResponse = RemoveMemberResponses[keyof RemoveMemberResponses];
export type UpdateMemberData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        role: MemberRole;
    };
    path: {
        /**
         * The member's account id.
         */
        accountId: string;
    };
    query?: never;
    url: '/v1/members/{accountId}';
};
export type UpdateMemberErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type UpdateMemberError = UpdateMemberErrors[keyof UpdateMemberErrors];
export type UpdateMemberResponses = {
    /**
     * The member now.
     */
    200: Member;
};
export type UpdateMemberResponse = UpdateMemberResponses[keyof UpdateMemberResponses];
export type CreateInvitationData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        email: string;
        role: MemberRole;
    };
    path?: never;
    query?: never;
    url: '/v1/invitations';
};
export type CreateInvitationErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateInvitationError = CreateInvitationErrors[keyof CreateInvitationErrors];
export type CreateInvitationResponses = {
    /**
     * Invited; the mail is sent.
     */
    201: Invitation;
};
export type CreateInvitationResponse = CreateInvitationResponses[keyof CreateInvitationResponses];
export type DeleteInvitationData = {
    body?: never;
    path: {
        invitationId: string;
    };
    query?: never;
    url: '/v1/invitations/{invitationId}';
};
export type DeleteInvitationErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteInvitationError = DeleteInvitationErrors[keyof DeleteInvitationErrors];
export type DeleteInvitationResponses = {
    /**
     * Withdrawn.
     */
    204: void;
};
export type DeleteInvitationResponse = DeleteInvitationResponses[keyof DeleteInvitationResponses];
export type PreviewInvitationData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        token: string;
    };
    path?: never;
    query?: never;
    url: '/v1/invitations/preview';
};
export type PreviewInvitationErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * A link that no longer works: `link_expired` (invitation or reset), `share_link_expired`.
     */
    410: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type PreviewInvitationError = PreviewInvitationErrors[keyof PreviewInvitationErrors];
export type PreviewInvitationResponses = {
    /**
     * The invitation.
     */
    200: InvitationPreview;
};
export type PreviewInvitationResponse = PreviewInvitationResponses[keyof PreviewInvitationResponses];
export type AcceptInvitationData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        token: string;
        /**
         * For a new account (10 to 200 characters).
         */
        password?: string;
        name?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/invitations/accept';
};
export type AcceptInvitationErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * A session cookie that opens no session, or an Authorization header whose key is unknown, answers 401 `unauthorized` even here, where anonymous callers are welcome (a stale credential says so rather than acting anonymously).
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * A link that no longer works: `link_expired` (invitation or reset), `share_link_expired`.
     */
    410: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type AcceptInvitationError = AcceptInvitationErrors[keyof AcceptInvitationErrors];
export type AcceptInvitationResponses = {
    /**
     * Accepted; the site and role now, and the session when one was opened.
     */
    200: InvitationAccepted;
};
export type AcceptInvitationResponse = AcceptInvitationResponses[keyof AcceptInvitationResponses];
export type GetVisibilityData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/project/visibility';
};
export type GetVisibilityErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetVisibilityError = GetVisibilityErrors[keyof GetVisibilityErrors];
export type GetVisibilityResponses = {
    /**
     * The hidden sections.
     */
    200: Visibility;
};
export type GetVisibilityResponse = GetVisibilityResponses[keyof GetVisibilityResponses];
export type SetVisibilityData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: Visibility;
    path?: never;
    query?: never;
    url: '/v1/project/visibility';
};
export type SetVisibilityErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type SetVisibilityError = SetVisibilityErrors[keyof SetVisibilityErrors];
export type SetVisibilityResponses = {
    /**
     * The hidden sections now.
     */
    200: Visibility;
};
export type SetVisibilityResponse = SetVisibilityResponses[keyof SetVisibilityResponses];
export type UnlockSharedLinkData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: {
        password: string;
    };
    path?: never;
    query?: never;
    url: '/v1/shared-links/unlock';
};
export type UnlockSharedLinkErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The credential is valid but may not do this: `viewer_role` (a viewer's session
     * on anything but the dashboard and stats), `owner_role` (needs an owner),
     * `not_a_member` (the session's account is no member of the `X-Site` site),
     * `section_hidden` (a section the owner hid from viewers), `csrf_failed` (a
     * session's unsafe request without its X-CSRF-Token), `read_only_key`,
     * `share_link_locked`, `wrong_password`, `signup_closed`.
     *
     */
    403: Error;
    /**
     * A link that no longer works: `link_expired` (invitation or reset), `share_link_expired`.
     */
    410: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type UnlockSharedLinkError = UnlockSharedLinkErrors[keyof UnlockSharedLinkErrors];
export type UnlockSharedLinkResponses = {
    /**
     * Unlocked (or the link had no password; then the token is not needed).
     */
    200: {
        unlockToken: string;
        expiresAt: string;
    };
};
export type UnlockSharedLinkResponse = UnlockSharedLinkResponses[keyof UnlockSharedLinkResponses];
export type GetDashboardData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * The page keeps its state (period, filters, toggles) in its own query string, as the stats routes spell it; the server ignores it.
         */
        view?: {
            [key: string]: unknown;
        };
    };
    url: '/dashboard';
};
export type GetDashboardResponses = {
    /**
     * The page.
     */
    200: string;
};
export type GetDashboardResponse = GetDashboardResponses[keyof GetDashboardResponses];
export type ListSessionsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        period?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * One parameter with two names, `period` and `window`: give one of them (both with different values: 400).
         */
        window?: '24h' | '7d' | '30d' | '90d' | 'custom';
        /**
         * First day of a `custom` period (YYYY-MM-DD such as `2026-11-01`, in `timezone`,
         * inclusive). Only with period=custom (no example here: with a rolling period it
         * is 400).
         *
         */
        from?: string;
        /**
         * Last day of a `custom` period (YYYY-MM-DD such as `2026-11-30`, in `timezone`,
         * inclusive); at most 400 days after `from`. Only with period=custom.
         *
         */
        to?: string;
        /**
         * IANA time zone (default `UTC`). Days (and the hours of a one-day view) are
         * bucketed in it, and a custom period's dates are its local dates; rolling
         * periods end now whatever the zone. An unknown zone is 400.
         *
         */
        timezone?: string;
        /**
         * A JSON-encoded array of `[operator, dimension, values]` (Plausible API v2),
         * all combined with AND, at most 20. Operators: `is` (equals one of the values),
         * `is_not` (none of them), `contains` (a value is a substring), `matches` (a
         * PostgreSQL regular expression, at most 500 characters; one PostgreSQL cannot
         * compile is 400). An optional fourth element `{"case_sensitive": false}` makes
         * the comparison case-insensitive (case-sensitive by default). At most 100
         * values per filter, each at most 1,000 characters. The value `(none)` stands
         * for "unknown".
         *
         * Dimensions: `event:page`, `event:name` (`pageview` for page views),
         * `event:props:<key>` (an event without the key has the value `(none)`), and the
         * visit dimensions `visit:entry_page`, `visit:exit_page`, `visit:source` (the
         * raw source id or its label, e.g. `google` or `Google`), `visit:channel`
         * (`search`, `social`, `direct` or `referral`), `visit:channel_group` (GA4's
         * default channel grouping, e.g. `Organic Search`; see `ChannelGroup`),
         * `visit:referrer`, `visit:utm_source`, `visit:utm_medium`, `visit:utm_campaign`,
         * `visit:utm_term`, `visit:utm_content`, `visit:country` (ISO 3166-1 alpha-2),
         * `visit:region` (ISO 3166-2 code or name), `visit:city`, `visit:device`,
         * `visit:browser`, `visit:os`, `visit:locale`.
         *
         * Semantics: a visit filter keeps the sessions whose (first-event) attribute
         * matches. Event filters must all hold for the same event: event counts
         * (pageviews, events, page and property breakdowns) count only matching events,
         * and session counts (visitors, bounce rate, duration) count the sessions with at
         * least one matching event in the period.
         *
         */
        filters?: string;
        /**
         * `true` or `1` includes bot traffic; default excludes it.
         */
        includeBots?: 'true' | '1' | 'false' | '0';
        /**
         * `true` or `1` includes internal traffic; default excludes it.
         */
        includeInternal?: 'true' | '1' | 'false' | '0';
        limit?: number;
        /**
         * Sessions to skip, at most 9,999 (a deeper offset is 400); page deeper with `cursor`.
         */
        offset?: number;
        /**
         * The `nextCursor` of the previous page (opaque); the page starts after that page's last session. Not with a nonzero `offset`.
         */
        cursor?: string;
        /**
         * ISO 3166-1 alpha-2 code (case-insensitive).
         */
        country?: string;
        /**
         * ISO 3166-2 code `<country>-<region>` (case-insensitive).
         */
        regionCode?: string;
    };
    url: '/v1/sessions';
};
export type ListSessionsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListSessionsError = ListSessionsErrors[keyof ListSessionsErrors];
export type ListSessionsResponses = {
    /**
     * A page of sessions.
     */
    200: SessionList;
};
export type ListSessionsResponse = ListSessionsResponses[keyof ListSessionsResponses];
export type GetSessionData = {
    body?: never;
    path: {
        sessionId: string;
    };
    query?: never;
    url: '/v1/sessions/{sessionId}';
};
export type GetSessionErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * The session has no recorded events in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetSessionError = GetSessionErrors[keyof GetSessionErrors];
export type GetSessionResponses = {
    /**
     * Session and its events, oldest first (at most 1000).
     */
    200: SessionDetail;
};
export type GetSessionResponse = GetSessionResponses[keyof GetSessionResponses];
export type ExportEventsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * The rolling window whose events are exported, ending now (default `7d`). Export
         * pages through a window with its cursor; it takes no `from`/`to`, so there is no
         * `custom` here.
         *
         */
        window?: '24h' | '7d' | '30d' | '90d';
        format?: 'csv' | 'ndjson';
        limit?: number;
        /**
         * The `X-Next-Cursor` of the previous page.
         */
        cursor?: string;
    };
    url: '/v1/export';
};
export type ExportEventsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ExportEventsError = ExportEventsErrors[keyof ExportEventsErrors];
export type ExportEventsResponses = {
    /**
     * The page itself.
     */
    200: string;
};
export type ExportEventsResponse = ExportEventsResponses[keyof ExportEventsResponses];
export type ImportEventsData = {
    /**
     * Required. (Marked optional only because an NDJSON body is read by the handler, not the JSON validator; an empty body answers 400.) At most 64 MB (67108864 bytes); a larger body answers 413 `payload_too_large` before it is parsed. Either form, JSON or NDJSON.
     */
    body?: ImportRequest;
    path?: never;
    query?: never;
    url: '/v1/import';
};
export type ImportEventsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ImportEventsError = ImportEventsErrors[keyof ImportEventsErrors];
export type ImportEventsResponses = {
    /**
     * What happened to the batch.
     */
    200: ImportResult;
};
export type ImportEventsResponse = ImportEventsResponses[keyof ImportEventsResponses];
export type ListImportsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/imports';
};
export type ListImportsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListImportsError = ListImportsErrors[keyof ListImportsErrors];
export type ListImportsResponses = {
    /**
     * The project's imports.
     */
    200: {
        imports: Array<AnalyticsImport>;
    };
};
export type ListImportsResponse = ListImportsResponses[keyof ListImportsResponses];
export type CreateImportData = {
    /**
     * At most 64 MB (67108864 bytes); a larger body answers 413 `payload_too_large`.
     */
    body: string;
    path?: never;
    query: {
        source: ImportSource;
        /**
         * The export's file name, kept to tell imports apart.
         */
        fileName?: string;
    };
    url: '/v1/imports';
};
export type CreateImportErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type CreateImportError = CreateImportErrors[keyof CreateImportErrors];
export type CreateImportResponses = {
    /**
     * The import, with its days and totals.
     */
    201: AnalyticsImport;
};
export type CreateImportResponse = CreateImportResponses[keyof CreateImportResponses];
export type DeleteImportData = {
    body?: never;
    path: {
        importId: string;
    };
    query?: never;
    url: '/v1/imports/{importId}';
};
export type DeleteImportErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteImportError = DeleteImportErrors[keyof DeleteImportErrors];
export type DeleteImportResponses = {
    /**
     * Removed.
     */
    204: void;
};
export type DeleteImportResponse = DeleteImportResponses[keyof DeleteImportResponses];
export type RecordEventData = {
    /**
     * At most 64 KB (65536 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: RecordEventRequest;
    path?: never;
    query?: never;
    url: '/v1/events';
};
export type RecordEventErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * `rate_limited` (with Retry-After) or `daily_cap_exceeded` when the project's daily event cap is reached.
     */
    429: Error;
};
export type RecordEventError = RecordEventErrors[keyof RecordEventErrors];
export type RecordEventResponses = {
    /**
     * Accepted for recording.
     */
    202: Accepted;
};
export type RecordEventResponse = RecordEventResponses[keyof RecordEventResponses];
export type CollectEventData = {
    /**
     * At most 32 KB (32768 bytes); a larger body answers 413 `payload_too_large` before it is parsed. A beacon is one small event.
     */
    body: CollectPayload;
    path?: never;
    query?: never;
    url: '/v1/collect';
};
export type CollectEventErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The page's domain or the request's origin is not trusted for this project.
     */
    403: Error;
    /**
     * No project has this id.
     */
    404: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * The project's daily event cap is reached.
     */
    429: Error;
};
export type CollectEventError = CollectEventErrors[keyof CollectEventErrors];
export type CollectEventResponses = {
    /**
     * Accepted for recording.
     */
    202: Accepted;
};
export type CollectEventResponse = CollectEventResponses[keyof CollectEventResponses];
export type CollectEngagementData = {
    /**
     * At most 8 KB (8192 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: EngagementPayload;
    path?: never;
    query?: never;
    url: '/v1/collect/engagement';
};
export type CollectEngagementErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The page's domain or the request's origin is not trusted for this project.
     */
    403: Error;
    /**
     * No project has this id.
     */
    404: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
};
export type CollectEngagementError = CollectEngagementErrors[keyof CollectEngagementErrors];
export type CollectEngagementResponses = {
    /**
     * Tallied.
     */
    202: Accepted;
};
export type CollectEngagementResponse = CollectEngagementResponses[keyof CollectEngagementResponses];
export type ListReportSubscriptionsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/report-subscriptions';
};
export type ListReportSubscriptionsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type ListReportSubscriptionsError = ListReportSubscriptionsErrors[keyof ListReportSubscriptionsErrors];
export type ListReportSubscriptionsResponses = {
    /**
     * Subscriptions.
     */
    200: {
        subscriptions: Array<ReportSubscription>;
    };
};
export type ListReportSubscriptionsResponse = ListReportSubscriptionsResponses[keyof ListReportSubscriptionsResponses];
export type PutReportSubscriptionData = {
    /**
     * At most 8 KB (8192 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: ReportSubscriptionInput;
    path?: never;
    query?: never;
    url: '/v1/report-subscriptions';
};
export type PutReportSubscriptionErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * A per-project limit is reached, or the same thing exists already.
     */
    409: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type PutReportSubscriptionError = PutReportSubscriptionErrors[keyof PutReportSubscriptionErrors];
export type PutReportSubscriptionResponses = {
    /**
     * The subscription, replaced.
     */
    200: ReportSubscription;
    /**
     * The subscription, created.
     */
    201: ReportSubscription;
};
export type PutReportSubscriptionResponse = PutReportSubscriptionResponses[keyof PutReportSubscriptionResponses];
export type DeleteReportSubscriptionData = {
    body?: never;
    path: {
        subscriptionId: string;
    };
    query?: never;
    url: '/v1/report-subscriptions/{subscriptionId}';
};
export type DeleteReportSubscriptionErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * Missing, unknown or revoked key.
     */
    401: Error;
    /**
     * A read-only key was used on an operation that needs the live key.
     */
    403: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
    /**
     * More than 120 requests in the key's 60-second window.
     */
    429: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type DeleteReportSubscriptionError = DeleteReportSubscriptionErrors[keyof DeleteReportSubscriptionErrors];
export type DeleteReportSubscriptionResponses = {
    /**
     * Removed.
     */
    204: void;
};
export type DeleteReportSubscriptionResponse = DeleteReportSubscriptionResponses[keyof DeleteReportSubscriptionResponses];
export type GetUnsubscribePageData = {
    body?: never;
    path: {
        /**
         * The single-purpose token of one mail.
         */
        token: string;
    };
    query?: never;
    url: '/v1/unsubscribe/{token}';
};
export type GetUnsubscribePageErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The token is unknown (the page says so). HTML only when the client's Accept prefers text/html (a browser); any other client gets the JSON error `not_found`.
     */
    404: Error;
};
export type GetUnsubscribePageError = GetUnsubscribePageErrors[keyof GetUnsubscribePageErrors];
export type GetUnsubscribePageResponses = {
    /**
     * The confirm page.
     */
    200: string;
};
export type GetUnsubscribePageResponse = GetUnsubscribePageResponses[keyof GetUnsubscribePageResponses];
export type UnsubscribeData = {
    /**
     * Optional; at most 4 KB (4096 bytes). The form the confirm page or a mail client sends (`List-Unsubscribe=One-Click`, as `multipart/form-data` or `application/x-www-form-urlencoded`, RFC 8058); its content is not read.
     */
    body?: {
        [key: string]: unknown;
    };
    path: {
        /**
         * The single-purpose token of one mail.
         */
        token: string;
    };
    query?: never;
    url: '/v1/unsubscribe/{token}';
};
export type UnsubscribeErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The token is unknown (the page says so). HTML only when the client's Accept prefers text/html (a browser); any other client gets the JSON error `not_found`.
     */
    404: Error;
    /**
     * The body is larger than the operation's limit, stated in its `requestBody`.
     */
    413: Error;
    /**
     * The body has no `Content-Type`, a media type the operation does not document, or a `Content-Encoding` other than `identity`.
     */
    415: Error;
};
export type UnsubscribeError = UnsubscribeErrors[keyof UnsubscribeErrors];
export type UnsubscribeResponses = {
    /**
     * Unsubscribed (a page saying so).
     */
    200: string;
};
export type UnsubscribeResponse = UnsubscribeResponses[keyof UnsubscribeResponses];
export type GetReadinessData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/ready';
};
export type GetReadinessErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * The service's database is unreachable (an outage, never a wrong key); retry after Retry-After seconds.
     */
    503: Error;
};
export type GetReadinessError = GetReadinessErrors[keyof GetReadinessErrors];
export type GetReadinessResponses = {
    /**
     * Ready for traffic.
     */
    200: Readiness;
};
export type GetReadinessResponse = GetReadinessResponses[keyof GetReadinessResponses];
export type GetTrackerScriptData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Project id baked into the script, for embeds that cannot set `data-project`.
         */
        project?: string;
    };
    url: '/script.js';
};
export type GetTrackerScriptErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
};
export type GetTrackerScriptError = GetTrackerScriptErrors[keyof GetTrackerScriptErrors];
export type GetTrackerScriptResponses = {
    /**
     * The script.
     */
    200: Blob | File;
};
export type GetTrackerScriptResponse = GetTrackerScriptResponses[keyof GetTrackerScriptResponses];
export type GetTrackerScriptWithExtensionsData = {
    body?: never;
    path: {
        /**
         * Dot-separated extension names.
         */
        extensions: string;
    };
    query?: {
        /**
         * Project id baked into the script, for embeds that cannot set `data-project`.
         */
        project?: string;
    };
    url: '/script.{extensions}.js';
};
export type GetTrackerScriptWithExtensionsErrors = {
    /**
     * Malformed request (body, parameter or content).
     */
    400: Error;
    /**
     * No such resource in this project.
     */
    404: Error;
};
export type GetTrackerScriptWithExtensionsError = GetTrackerScriptWithExtensionsErrors[keyof GetTrackerScriptWithExtensionsErrors];
export type GetTrackerScriptWithExtensionsResponses = {
    /**
     * The script.
     */
    200: Blob | File;
};
export type GetTrackerScriptWithExtensionsResponse = GetTrackerScriptWithExtensionsResponses[keyof GetTrackerScriptWithExtensionsResponses];
