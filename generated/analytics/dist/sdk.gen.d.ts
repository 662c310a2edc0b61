import { type Client, type ClientMeta, type Options as Options2, type RequestResult, type TDataShape } from './client/index.js';
import type { AcceptInvitationData, AcceptInvitationErrors, AcceptInvitationResponses, CollectEngagementData, CollectEngagementErrors, CollectEngagementResponses, CollectEventData, CollectEventErrors, CollectEventResponses, CompletePasswordResetData, CompletePasswordResetErrors, CompletePasswordResetResponses, CreateFunnelData, CreateFunnelErrors, CreateFunnelResponses, CreateGoalData, CreateGoalErrors, CreateGoalResponses, CreateImportData, CreateImportErrors, CreateImportResponses, CreateInvitationData, CreateInvitationErrors, CreateInvitationResponses, CreateProjectData, CreateProjectErrors, CreateProjectResponses, CreateReadKeyData, CreateReadKeyErrors, CreateReadKeyResponses, CreateSharedLinkData, CreateSharedLinkErrors, CreateSharedLinkResponses, DeleteFunnelData, DeleteFunnelErrors, DeleteFunnelResponses, DeleteGoalData, DeleteGoalErrors, DeleteGoalResponses, DeleteImportData, DeleteImportErrors, DeleteImportResponses, DeleteInvitationData, DeleteInvitationErrors, DeleteInvitationResponses, DeleteReportSubscriptionData, DeleteReportSubscriptionErrors, DeleteReportSubscriptionResponses, DeleteSharedLinkData, DeleteSharedLinkErrors, DeleteSharedLinkResponses, ExportEventsData, ExportEventsErrors, ExportEventsResponses, FinishAccountSignInData, FinishAccountSignInErrors, GetAccountData, GetAccountErrors, GetAccountResponses, GetBreakdownData, GetBreakdownErrors, GetBreakdownResponses, GetCountriesData, GetCountriesErrors, GetCountriesResponses, GetDashboardData, GetDashboardResponses, GetDashboardStatsData, GetDashboardStatsErrors, GetDashboardStatsResponses, GetDevicesData, GetDevicesErrors, GetDevicesResponses, GetEventStatsData, GetEventStatsErrors, GetEventStatsResponses, GetFunnelData, GetFunnelErrors, GetFunnelResponses, GetGoalsData, GetGoalsErrors, GetGoalsResponses, GetLocalesData, GetLocalesErrors, GetLocalesResponses, GetOverviewData, GetOverviewErrors, GetOverviewResponses, GetPagesData, GetPagesErrors, GetPagesResponses, GetProjectData, GetProjectErrors, GetProjectResponses, GetReadinessData, GetReadinessErrors, GetReadinessResponses, GetRealtimeData, GetRealtimeErrors, GetRealtimeResponses, GetRegionsData, GetRegionsErrors, GetRegionsResponses, GetSessionData, GetSessionErrors, GetSessionResponses, GetSignInMethodsData, GetSignInMethodsErrors, GetSignInMethodsResponses, GetSourcesData, GetSourcesErrors, GetSourcesResponses, GetTimeseriesData, GetTimeseriesErrors, GetTimeseriesResponses, GetTrackerScriptData, GetTrackerScriptErrors, GetTrackerScriptResponses, GetTrackerScriptWithExtensionsData, GetTrackerScriptWithExtensionsErrors, GetTrackerScriptWithExtensionsResponses, GetUnsubscribePageData, GetUnsubscribePageErrors, GetUnsubscribePageResponses, GetUtmData, GetUtmErrors, GetUtmResponses, GetVisibilityData, GetVisibilityErrors, GetVisibilityResponses, ImportEventsData, ImportEventsErrors, ImportEventsResponses, ListFunnelsData, ListFunnelsErrors, ListFunnelsResponses, ListGoalsData, ListGoalsErrors, ListGoalsResponses, ListImportsData, ListImportsErrors, ListImportsResponses, ListMembersData, ListMembersErrors, ListMembersResponses, ListReportSubscriptionsData, ListReportSubscriptionsErrors, ListReportSubscriptionsResponses, ListSessionsData, ListSessionsErrors, ListSessionsResponses, ListSharedLinksData, ListSharedLinksErrors, ListSharedLinksResponses, PreviewInvitationData, PreviewInvitationErrors, PreviewInvitationResponses, PutReportSubscriptionData, PutReportSubscriptionErrors, PutReportSubscriptionResponses, RecordEventData, RecordEventErrors, RecordEventResponses, RemoveMemberData, RemoveMemberErrors, RemoveMemberResponses, RequestPasswordResetData, RequestPasswordResetErrors, RequestPasswordResetResponses, RevokeReadKeyData, RevokeReadKeyErrors, RevokeReadKeyResponses, SetVisibilityData, SetVisibilityErrors, SetVisibilityResponses, SignInData, SignInErrors, SignInResponses, SignOutData, SignOutErrors, SignOutResponses, SignUpData, SignUpErrors, SignUpResponses, StartAccountSignInData, StartAccountSignInErrors, UnlockSharedLinkData, UnlockSharedLinkErrors, UnlockSharedLinkResponses, UnsubscribeData, UnsubscribeErrors, UnsubscribeResponses, UpdateMemberData, UpdateMemberErrors, UpdateMemberResponses, ValidateSetupData, ValidateSetupErrors, ValidateSetupResponses } from './types.gen.js';
export type Options<TData extends TDataShape = TDataShape, ThrowOnError extends boolean = boolean, TResponse = unknown> = Options2<TData, ThrowOnError, TResponse> & {
    /**
     * You can provide a client instance returned by `createClient()` instead of
     * individual options. This might be also useful if you want to implement a
     * custom client.
     */
    client?: Client;
    /**
     * You can pass arbitrary values through the `meta` object. This can be
     * used to access values that aren't defined as part of the SDK function.
     */
    meta?: keyof ClientMeta extends never ? Record<string, unknown> : ClientMeta;
};
/**
 * Create a project with an invite code
 *
 * The only /v1 route without a key. Needs a valid invite code (one of
 * `ANALYTICS_INVITE_CODES`). Domains are hostnames without scheme, port or path
 * (e.g. `example.com`, `blog.example.com`), lowercased, at most 20, each claimable
 * by one project only. The plaintext live key is returned exactly once.
 * Made by a signed-in person (the `session` scheme, with its CSRF token), the
 * project is also a site of theirs, with them as its owner.
 *
 */
export declare const createProject: <ThrowOnError extends boolean = false>(options: Options<CreateProjectData, ThrowOnError>) => RequestResult<CreateProjectResponses, CreateProjectErrors, ThrowOnError>;
/**
 * The key's project
 *
 * A key (live or read-only), an owner and an admin get every field. Viewers
 * have no business with keys: a viewer's session and a shared link get the
 * project without `keyPrefix` and `readKeyPrefix`, and with `hiddenSections`,
 * the sections the owner hid from them (what the dashboard does not draw).
 *
 */
export declare const getProject: <ThrowOnError extends boolean = false>(options?: Options<GetProjectData, ThrowOnError>) => RequestResult<GetProjectResponses, GetProjectErrors, ThrowOnError>;
/**
 * Revoke the project's read-only key
 *
 * Live key only. Idempotent; answers 204 whether or not a read-only key existed.
 */
export declare const revokeReadKey: <ThrowOnError extends boolean = false>(options?: Options<RevokeReadKeyData, ThrowOnError>) => RequestResult<RevokeReadKeyResponses, RevokeReadKeyErrors, ThrowOnError>;
/**
 * Mint the project's read-only key
 *
 * Live key only. Returns the plaintext read-only key (`an_read_` + 43 random
 * characters) exactly once. A project has at most one read-only key: minting a new
 * one revokes the previous one.
 *
 */
export declare const createReadKey: <ThrowOnError extends boolean = false>(options?: Options<CreateReadKeyData, ThrowOnError>) => RequestResult<CreateReadKeyResponses, CreateReadKeyErrors, ThrowOnError>;
/**
 * Dry-run the ingest acceptance rules
 *
 * Runs the exact code the ingest path uses to accept or reject an event, for a
 * page on `domain` sent from a browser at `origin`, without recording anything.
 * An event is accepted when the page's domain is trusted (one of the project's
 * domains, a subdomain of one, or a subdomain a listed wildcard `*.example.com`
 * covers) and, if an origin is given, the origin is too. `cors` is stricter, and
 * is the rule that decides `Access-Control-Allow-Origin`: the origin's host must
 * be a listed domain exactly or match a listed wildcard; an origin on a subdomain
 * of a listed domain that is not itself listed (`subdomain_not_listed`) is
 * accepted for recording (a beacon needs no CORS) but gets no
 * `Access-Control-Allow-Origin`, so it cannot read responses.
 *
 */
export declare const validateSetup: <ThrowOnError extends boolean = false>(options: Options<ValidateSetupData, ThrowOnError>) => RequestResult<ValidateSetupResponses, ValidateSetupErrors, ThrowOnError>;
/**
 * Headline numbers, traffic segments and sources
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getOverview: <ThrowOnError extends boolean = false>(options?: Options<GetOverviewData, ThrowOnError>) => RequestResult<GetOverviewResponses, GetOverviewErrors, ThrowOnError>;
/**
 * Visitors and page views over time
 *
 * Hourly buckets for `24h`, daily (UTC) buckets otherwise; empty buckets are returned as zeros, oldest first.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getTimeseries: <ThrowOnError extends boolean = false>(options?: Options<GetTimeseriesData, ThrowOnError>) => RequestResult<GetTimeseriesResponses, GetTimeseriesErrors, ThrowOnError>;
/**
 * Top pages
 *
 * At most 100 paths, most page views first. `visitors` counts distinct sessions that viewed the path.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getPages: <ThrowOnError extends boolean = false>(options?: Options<GetPagesData, ThrowOnError>) => RequestResult<GetPagesResponses, GetPagesErrors, ThrowOnError>;
/**
 * Traffic sources
 *
 * Visitors by the source of the session's first event (UTM source wins over the referrer). At most 100 entries.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getSources: <ThrowOnError extends boolean = false>(options?: Options<GetSourcesData, ThrowOnError>) => RequestResult<GetSourcesResponses, GetSourcesErrors, ThrowOnError>;
/**
 * Visitors by country
 *
 * ISO 3166-1 alpha-2 codes; `null` is the bucket of unknown location.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getCountries: <ThrowOnError extends boolean = false>(options?: Options<GetCountriesData, ThrowOnError>) => RequestResult<GetCountriesResponses, GetCountriesErrors, ThrowOnError>;
/**
 * Visitors by region
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getRegions: <ThrowOnError extends boolean = false>(options?: Options<GetRegionsData, ThrowOnError>) => RequestResult<GetRegionsResponses, GetRegionsErrors, ThrowOnError>;
/**
 * Visitors by locale
 *
 * Locale tags grouped case-insensitively and returned lowercased; `null` is the bucket of unknown locale.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getLocales: <ThrowOnError extends boolean = false>(options?: Options<GetLocalesData, ThrowOnError>) => RequestResult<GetLocalesResponses, GetLocalesErrors, ThrowOnError>;
/**
 * Custom events
 *
 * Custom events (eventType `event`) by name, most frequent first, at most 100.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getEventStats: <ThrowOnError extends boolean = false>(options?: Options<GetEventStatsData, ThrowOnError>) => RequestResult<GetEventStatsResponses, GetEventStatsErrors, ThrowOnError>;
/**
 * Visitors by UTM parameters
 *
 * Sessions grouped separately by utm_source, utm_medium and utm_campaign of their first event (sessions without the parameter are left out), at most 100 each.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getUtm: <ThrowOnError extends boolean = false>(options?: Options<GetUtmData, ThrowOnError>) => RequestResult<GetUtmResponses, GetUtmErrors, ThrowOnError>;
/**
 * Visitors by browser, operating system and device type
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getDevices: <ThrowOnError extends boolean = false>(options?: Options<GetDevicesData, ThrowOnError>) => RequestResult<GetDevicesResponses, GetDevicesErrors, ThrowOnError>;
/**
 * Goal conversions
 *
 * Every custom event name is a goal. `visitors` are the distinct sessions that
 * converted; `conversionRate` is those visitors divided by all visitors of the
 * window (0 when there were none), rounded to 4 decimals.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getGoals: <ThrowOnError extends boolean = false>(options?: Options<GetGoalsData, ThrowOnError>) => RequestResult<GetGoalsResponses, GetGoalsErrors, ThrowOnError>;
/**
 * Sessions active in the last 5 minutes
 *
 * Distinct non-bot, non-internal sessions with at least one event in the last 5
 * minutes. Any query parameter is accepted and ignored, none is validated (so
 * one query string can serve every stats route, and realtime never depends on
 * the period, toggles or filters).
 *
 */
export declare const getRealtime: <ThrowOnError extends boolean = false>(options?: Options<GetRealtimeData, ThrowOnError>) => RequestResult<GetRealtimeResponses, GetRealtimeErrors, ThrowOnError>;
/**
 * Any dimension, broken down (Plausible-style)
 *
 * Groups by one `property`, any dimension the filters know: for a visit
 * dimension, the sessions started in the period by their attribute (visitors,
 * their page views in the period, bounce rate, visit duration); for `event:page`,
 * page views and the distinct sessions that viewed the page; for `event:name`,
 * custom events and the sessions that sent them (with revenue per currency);
 * for `event:props:<key>`, the events carrying the key by its value. Most
 * visitors (page views for pages, events for names) first, ties by value;
 * unknown values are `null` (left out for UTM and property breakdowns).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 * - `bad_request`: a `property` other than event:page, event:name, event:props:<key> or a visit: dimension.
 *
 */
export declare const getBreakdown: <ThrowOnError extends boolean = false>(options: Options<GetBreakdownData, ThrowOnError>) => RequestResult<GetBreakdownResponses, GetBreakdownErrors, ThrowOnError>;
/**
 * A funnel's conversion and drop-off per step
 *
 * Give a saved funnel's id (`funnel`) or the steps themselves (`steps`, a JSON
 * array of 2 to 8 goals, each `{"event": name}` or `{"page": path pattern}`
 * where `*` matches within one path segment and `**` across segments). Counts the
 * sessions started in the period (toggles and visit filters apply; event filters
 * do not, the steps are the event conditions) whose events, oldest first, match
 * the steps in order, other events allowed in between. `conversionRate` is
 * relative to the first step, `conversionRateStep` to the step before;
 * `dropoff` is how many of the previous step's sessions went no further.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 * - `bad_request`: both or neither of `funnel` and `steps`, or `steps` that are not a JSON array of 2 to 8 goals (`{"event": name}` or `{"page": "/path"}`).
 *
 */
export declare const getFunnel: <ThrowOnError extends boolean = false>(options?: Options<GetFunnelData, ThrowOnError>) => RequestResult<GetFunnelResponses, GetFunnelErrors, ThrowOnError>;
/**
 * Everything one dashboard view shows, in one request
 *
 * The dashboard's one call per view (one request against the rate limit, one
 * round trip before the first paint). Each member is exactly the body of its own
 * route with the same parameters, computed by the same query functions:
 * `overview` (/v1/stats/overview), `timeseries` (/v1/stats/timeseries),
 * `goals` (/v1/stats/goals), and each breakdown (/v1/stats/breakdown with the
 * property named in `breakdowns`, limit 10 unless `limit` says otherwise).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const getDashboardStats: <ThrowOnError extends boolean = false>(options?: Options<GetDashboardStatsData, ThrowOnError>) => RequestResult<GetDashboardStatsResponses, GetDashboardStatsErrors, ThrowOnError>;
/**
 * The project's goals
 */
export declare const listGoals: <ThrowOnError extends boolean = false>(options?: Options<ListGoalsData, ThrowOnError>) => RequestResult<ListGoalsResponses, ListGoalsErrors, ThrowOnError>;
/**
 * Add a goal (a custom event, or pageviews of matching paths)
 *
 * Live key only. `event` names a custom event; `page` is a path pattern where
 * `*` matches within one path segment and `**` across (`/blog**`). At most 100
 * goals per project.
 *
 */
export declare const createGoal: <ThrowOnError extends boolean = false>(options: Options<CreateGoalData, ThrowOnError>) => RequestResult<CreateGoalResponses, CreateGoalErrors, ThrowOnError>;
/**
 * Remove a goal
 */
export declare const deleteGoal: <ThrowOnError extends boolean = false>(options: Options<DeleteGoalData, ThrowOnError>) => RequestResult<DeleteGoalResponses, DeleteGoalErrors, ThrowOnError>;
/**
 * The project's saved funnels
 */
export declare const listFunnels: <ThrowOnError extends boolean = false>(options?: Options<ListFunnelsData, ThrowOnError>) => RequestResult<ListFunnelsResponses, ListFunnelsErrors, ThrowOnError>;
/**
 * Save a funnel
 *
 * Live key only. 2 to 8 steps; at most 50 funnels per project.
 */
export declare const createFunnel: <ThrowOnError extends boolean = false>(options: Options<CreateFunnelData, ThrowOnError>) => RequestResult<CreateFunnelResponses, CreateFunnelErrors, ThrowOnError>;
/**
 * Remove a saved funnel
 */
export declare const deleteFunnel: <ThrowOnError extends boolean = false>(options: Options<DeleteFunnelData, ThrowOnError>) => RequestResult<DeleteFunnelResponses, DeleteFunnelErrors, ThrowOnError>;
/**
 * The project's shared dashboard links
 *
 * Live key only. The links' secrets are never shown again; each entry shows its prefix.
 */
export declare const listSharedLinks: <ThrowOnError extends boolean = false>(options?: Options<ListSharedLinksData, ThrowOnError>) => RequestResult<ListSharedLinksResponses, ListSharedLinksErrors, ThrowOnError>;
/**
 * Create a read-only shareable dashboard link
 *
 * Live key only. Returns, once, a link to the dashboard that anyone holding it can
 * open without a key: `{analytics_url}/dashboard#share=<token>`. The token sits in
 * the URL's fragment, which browsers never send to a server, so it stays out of
 * access logs and Referer headers. It is a credential of its own kind (`an_share_`
 * + 43 characters, stored as a hash) that reads the stats routes, goals, funnels
 * and the project's name only: not sessions, export, keys or settings. Revoke it
 * with DELETE; at most 20 links per project. With a `password`, the link works
 * only after POST /v1/shared-links/unlock (the page asks for it); with
 * `expiresAt`, it answers 410 `share_link_expired` from then on. An `expiresAt`
 * not in the future answers 400 `bad_request`.
 *
 * Refused although the schema accepts it:
 * - `bad_request`: `expiresAt` is not in the future (400).
 *
 */
export declare const createSharedLink: <ThrowOnError extends boolean = false>(options?: Options<CreateSharedLinkData, ThrowOnError>) => RequestResult<CreateSharedLinkResponses, CreateSharedLinkErrors, ThrowOnError>;
/**
 * Revoke a shared link
 *
 * Live key only. The link stops working at once.
 */
export declare const deleteSharedLink: <ThrowOnError extends boolean = false>(options: Options<DeleteSharedLinkData, ThrowOnError>) => RequestResult<DeleteSharedLinkResponses, DeleteSharedLinkErrors, ThrowOnError>;
/**
 * Create an account (when sign-up is open)
 *
 * Only while `ANALYTICS_SIGNUP=open`; otherwise (the default, `invite`) accounts
 * come from invitations and this answers 403 `signup_closed`. The email is
 * lowercased; the password has 10 to 200 characters (400 `weak_password`) and is
 * stored as an scrypt hash. Signs the new account in: the answer sets the session
 * cookie (see the `session` scheme) and carries its CSRF token. An account has no
 * site until it creates one (POST /v1/projects while signed in) or accepts an
 * invitation.
 *
 */
export declare const signUp: <ThrowOnError extends boolean = false>(options: Options<SignUpData, ThrowOnError>) => RequestResult<SignUpResponses, SignUpErrors, ThrowOnError>;
/**
 * Sign in with email and password
 *
 * Opens a session (cookie `switchyard_analytics`, HttpOnly, SameSite=Lax, Secure
 * over https; 12 hours unless `ANALYTICS_SESSION_HOURS` says otherwise) for every
 * site of the account. A wrong email or password answers 401 `invalid_credentials`
 * (the same answer, in about the same time, for an email without an account).
 * Failed attempts are counted in fixed 15-minute windows per account (5,
 * `ANALYTICS_SIGN_IN_FAILURES_PER_ACCOUNT`) and per client address (20,
 * `ANALYTICS_SIGN_IN_FAILURES_PER_ADDRESS`); past either, sign-in answers 429
 * `rate_limited` with Retry-After before any password is checked, even a right one.
 *
 */
export declare const signIn: <ThrowOnError extends boolean = false>(options: Options<SignInData, ThrowOnError>) => RequestResult<SignInResponses, SignInErrors, ThrowOnError>;
/**
 * How people sign in here
 *
 * `password` always; `oidc` when an identity provider is configured (`ANALYTICS_OIDC_ISSUER`, else the console's `CONSOLE_OIDC_ISSUER`); and whether anyone may sign up.
 */
export declare const getSignInMethods: <ThrowOnError extends boolean = false>(options?: Options<GetSignInMethodsData, ThrowOnError>) => RequestResult<GetSignInMethodsResponses, GetSignInMethodsErrors, ThrowOnError>;
/**
 * Sign in through the identity provider (a browser navigation)
 *
 * Redirects the browser to the identity provider (OpenID Connect, authorization
 * code with PKCE; openid-client checks discovery, the code exchange and the ID
 * token). A short-lived HttpOnly cookie holds the sign-in's state. Register
 * `{ANALYTICS_PUBLIC_URL or the service's address}/v1/account/sign-in/oidc/callback`
 * as a redirect URI of the client. 404 `oidc_not_configured` without an identity
 * provider.
 *
 */
export declare const startAccountSignIn: <ThrowOnError extends boolean = false>(options?: Options<StartAccountSignInData, ThrowOnError>) => RequestResult<unknown, StartAccountSignInErrors, ThrowOnError>;
/**
 * Where the identity provider sends the browser back
 *
 * Completes the sign-in (its state must match this browser's sign-in cookie, and
 * is used once) and redirects to `/dashboard` signed in, or to
 * `/dashboard#sign-in-error=<code>`: `sign_in_expired`, `sign_in_failed`,
 * `sign_in_refused`, `email_not_verified` (the provider gave no verified email)
 * or `no_account`. The person's account is the one linked to the provider's
 * issuer and subject; else the account of their verified email (linked from then
 * on); else a new account, only while sign-up is open or an invitation to that
 * email is pending. Roles are never taken from the provider: they are per site.
 *
 */
export declare const finishAccountSignIn: <ThrowOnError extends boolean = false>(options?: Options<FinishAccountSignInData, ThrowOnError>) => RequestResult<unknown, FinishAccountSignInErrors, ThrowOnError>;
/**
 * End the session
 *
 * Ends the session on the server (its cookie opens nothing any more, on any process) and clears the cookie. Needs the session's `X-CSRF-Token`.
 */
export declare const signOut: <ThrowOnError extends boolean = false>(options?: Options<SignOutData, ThrowOnError>) => RequestResult<SignOutResponses, SignOutErrors, ThrowOnError>;
/**
 * Who is signed in, their sites and the CSRF token
 *
 * The signed-in account, the session's CSRF token (send it as `X-CSRF-Token` on
 * every POST, PUT, PATCH and DELETE made with the session) and every site the
 * account is a member of, with its role there and the sections hidden from that
 * site's viewers.
 *
 */
export declare const getAccount: <ThrowOnError extends boolean = false>(options?: Options<GetAccountData, ThrowOnError>) => RequestResult<GetAccountResponses, GetAccountErrors, ThrowOnError>;
/**
 * Mail a password reset link
 *
 * Answers 202 whether or not the email has an account (the answer tells no one
 * which emails have accounts). When it has one, a mail (over `SMTP_URL`) carries
 * a link `{analytics_url}/dashboard#reset=<token>`: single-use, valid for one
 * hour. Requests are counted like failed sign-ins (per email and per address),
 * so nobody can flood a mailbox. Without `SMTP_URL` it answers 503
 * `mail_not_configured`.
 *
 */
export declare const requestPasswordReset: <ThrowOnError extends boolean = false>(options: Options<RequestPasswordResetData, ThrowOnError>) => RequestResult<RequestPasswordResetResponses, RequestPasswordResetErrors, ThrowOnError>;
/**
 * Set a new password from a reset link
 *
 * Uses the link's token once. Sets the password and ends every session of the
 * account (sign in again with the new password). An unknown, used or expired
 * token answers 410 `link_expired`.
 *
 * Refused although the schema accepts it:
 * - `weak_password`: the new password has fewer than 10 or more than 200 characters (400).
 *
 */
export declare const completePasswordReset: <ThrowOnError extends boolean = false>(options: Options<CompletePasswordResetData, ThrowOnError>) => RequestResult<CompletePasswordResetResponses, CompletePasswordResetErrors, ThrowOnError>;
/**
 * The site's members and pending invitations
 *
 * Owners and admins (and the live key). Viewers answer 403 `viewer_role`.
 */
export declare const listMembers: <ThrowOnError extends boolean = false>(options?: Options<ListMembersData, ThrowOnError>) => RequestResult<ListMembersResponses, ListMembersErrors, ThrowOnError>;
/**
 * Remove a member from the site
 *
 * Owners and admins (and the live key); an admin cannot remove an owner (403
 * `owner_role`). Removing the last owner answers 409 `last_owner`. The account
 * itself stays (it may be a member of other sites).
 *
 */
export declare const removeMember: <ThrowOnError extends boolean = false>(options: Options<RemoveMemberData, ThrowOnError>) => RequestResult<RemoveMemberResponses, RemoveMemberErrors, ThrowOnError>;
/**
 * Change a member's role
 *
 * Owners and admins (and the live key). Only an owner (or the live key) grants or
 * takes away the owner role (403 `owner_role` for an admin). A change that would
 * leave the site without an owner answers 409 `last_owner`.
 *
 */
export declare const updateMember: <ThrowOnError extends boolean = false>(options: Options<UpdateMemberData, ThrowOnError>) => RequestResult<UpdateMemberResponses, UpdateMemberErrors, ThrowOnError>;
/**
 * Invite someone to the site by email
 *
 * Owners and admins (and the live key: this is how a site made with an invite
 * code gets its first owner). Only an owner or the live key invites an owner (403
 * `owner_role`). Mails (over `SMTP_URL`) a single-use link
 * `{analytics_url}/dashboard#invite=<token>` valid for 7 days
 * (`ANALYTICS_INVITATION_DAYS`); a new invitation to the same email replaces the
 * pending one. Links point to `ANALYTICS_PUBLIC_URL` when set, else to the address
 * the request came to. Without `SMTP_URL`: 503 `mail_not_configured`.
 *
 */
export declare const createInvitation: <ThrowOnError extends boolean = false>(options: Options<CreateInvitationData, ThrowOnError>) => RequestResult<CreateInvitationResponses, CreateInvitationErrors, ThrowOnError>;
/**
 * Withdraw a pending invitation
 *
 * Owners and admins (and the live key). Its link stops working at once.
 */
export declare const deleteInvitation: <ThrowOnError extends boolean = false>(options: Options<DeleteInvitationData, ThrowOnError>) => RequestResult<DeleteInvitationResponses, DeleteInvitationErrors, ThrowOnError>;
/**
 * What an invitation link invites to
 *
 * For the page the link opens: the site's name, the role, the invited email and
 * whether that email has an account already (then the person signs in before
 * accepting). The token travels in the body, never in a URL. An unknown, used,
 * withdrawn or expired token answers 410 `link_expired`.
 *
 */
export declare const previewInvitation: <ThrowOnError extends boolean = false>(options: Options<PreviewInvitationData, ThrowOnError>) => RequestResult<PreviewInvitationResponses, PreviewInvitationErrors, ThrowOnError>;
/**
 * Accept an invitation (creates or links the account)
 *
 * Uses the link's token once. Signed in (the `session` scheme, with its CSRF
 * token), the membership goes to the signed-in account. Not signed in: when the
 * invited email has no account yet, one is created with `password` (and `name`)
 * and signed in (the answer sets the session cookie); when it has one, 409
 * `sign_in_first` (sign in, then accept). A member already on the site keeps the
 * higher of its role and the invited one.
 *
 */
export declare const acceptInvitation: <ThrowOnError extends boolean = false>(options: Options<AcceptInvitationData, ThrowOnError>) => RequestResult<AcceptInvitationResponses, AcceptInvitationErrors, ThrowOnError>;
/**
 * The dashboard sections hidden from the site's viewers
 */
export declare const getVisibility: <ThrowOnError extends boolean = false>(options?: Options<GetVisibilityData, ThrowOnError>) => RequestResult<GetVisibilityResponses, GetVisibilityErrors, ThrowOnError>;
/**
 * Hide dashboard sections from the site's viewers
 *
 * Owners only (and the live key); an admin answers 403 `owner_role`. The API
 * enforces it: for a viewer, a hidden section's routes answer 403
 * `section_hidden`, and so does a breakdown or a filter on one of its properties;
 * `GET /v1/stats/dashboard` leaves the section's breakdowns (and, for `goals`, the
 * goal results; for `sources`, the overview's `bySource`) out; the page shows
 * none of it. A shared link is a viewer too: the same rules apply to it (its
 * `GET /v1/project` names the hidden sections, so the page opened through the
 * link does not draw them). Owners, admins and keys are not affected.
 *
 */
export declare const setVisibility: <ThrowOnError extends boolean = false>(options: Options<SetVisibilityData, ThrowOnError>) => RequestResult<SetVisibilityResponses, SetVisibilityErrors, ThrowOnError>;
/**
 * Open a password-protected shared link
 *
 * With the link's token as the Bearer credential and the link's password in the
 * body, answers an unlock token for 12 hours: send it as `X-Share-Unlock` with the
 * link's token on every request. Until then every other route answers 403
 * `share_link_locked` for that link. A wrong password answers 403
 * `wrong_password`; 10 wrong passwords in 15 minutes per link answer 429
 * `rate_limited` (with Retry-After) for the rest of that window. An expired link
 * answers 410 `share_link_expired` here and everywhere.
 *
 */
export declare const unlockSharedLink: <ThrowOnError extends boolean = false>(options: Options<UnlockSharedLinkData, ThrowOnError>) => RequestResult<UnlockSharedLinkResponses, UnlockSharedLinkErrors, ThrowOnError>;
/**
 * The dashboard (HTML)
 *
 * The analytics dashboard, served by this service (one HTML page with its style
 * and script inline; no build server). Sign in as a person (email and password,
 * or the identity provider; a site switcher for the person's sites, members and
 * the sections hidden from viewers for owners and admins), with the project's
 * live or read-only key (kept in the browser's sessionStorage, sent as a Bearer
 * header), or open a shared link (`/dashboard#share=<token>`, which asks for its
 * password when it has one). Invitation and password reset links open it at
 * `#invite=<token>` and `#reset=<token>`. Every number on the page
 * comes from `GET /v1/stats/dashboard` and the other routes above.
 *
 */
export declare const getDashboard: <ThrowOnError extends boolean = false>(options?: Options<GetDashboardData, ThrowOnError>) => RequestResult<GetDashboardResponses, unknown, ThrowOnError>;
/**
 * List sessions
 *
 * Sessions with at least one event in the window, most recently active first
 * (ties by id). Page with `offset` (at most 9,999) or, to any depth, with
 * `cursor`: whenever `hasMore` is true the answer carries `nextCursor`, and
 * passing it back (with the same other parameters) gives the sessions after the
 * last one of this page. A cursor is a position (that session's last activity and
 * id), not a count, so sessions that start after the first page do not shift the
 * later pages; a listed session that becomes active again moves to the front, as
 * in any most-recently-active list, and is not repeated further down. `cursor`
 * with a nonzero `offset` is 400 `bad_request`; so is a cursor this service did
 * not issue.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: `cursor` with a nonzero `offset`, or a cursor this service did not issue; the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 *
 */
export declare const listSessions: <ThrowOnError extends boolean = false>(options?: Options<ListSessionsData, ThrowOnError>) => RequestResult<ListSessionsResponses, ListSessionsErrors, ThrowOnError>;
/**
 * One session with its events
 */
export declare const getSession: <ThrowOnError extends boolean = false>(options: Options<GetSessionData, ThrowOnError>) => RequestResult<GetSessionResponses, GetSessionErrors, ThrowOnError>;
/**
 * Export a page of raw events
 *
 * Events of the window, oldest first (ordered by createdAt, then id), streamed in
 * the chosen format with the fixed column order of `EventRow`. CSV has a header
 * row; values are RFC 4180 quoted, `props` is JSON text, booleans are `true`/`false`,
 * nulls are empty. NDJSON has one `EventRow` object per line with every column
 * present (null when unknown). When the page is full, `X-Next-Cursor` carries the
 * cursor of the next page; it is absent otherwise, so a last page that is exactly
 * full needs one more, empty request to confirm the end. A cursor is opaque.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `bad_request`: the period is not one the service reads: `period` and `window` both given with different values (one parameter, two names), `from`/`to` with a period other than `custom`, `custom` without both or with `to` before `from` or more than 400 days apart, a `timezone` that is no IANA time zone, or `filters` that do not parse as a filter list.
 * - `bad_request`: a `cursor` this service did not issue.
 *
 */
export declare const exportEvents: <ThrowOnError extends boolean = false>(options?: Options<ExportEventsData, ThrowOnError>) => RequestResult<ExportEventsResponses, ExportEventsErrors, ThrowOnError>;
/**
 * Backfill events
 *
 * Live key only. JSON `{ events: [...] }` or NDJSON (`application/x-ndjson`, one
 * `EventRow` per line), so an NDJSON export round-trips unchanged. At most 5000
 * events per request (more answers 400). Each event needs createdAt (not more than
 * 60 seconds in the future), sessionId (UUID), eventType (`pageview` or `event`)
 * and path; every other column is optional. A custom event (`eventType: event`)
 * without an `eventName` (missing, null or empty) is stored with the name
 * `(not set)`. Invalid events are skipped and counted, not fatal. Missing browser, os or deviceType are derived from userAgent
 * by the live classifier. Rows without an id get a random one; rows whose id
 * already exists in the project are skipped (idempotent re-runs). Imports bypass
 * the daily event cap; rows older than the retention window are accepted and
 * later deleted by the nightly retention job.
 *
 */
export declare const importEvents: <ThrowOnError extends boolean = false>(options?: Options<ImportEventsData, ThrowOnError>) => RequestResult<ImportEventsResponses, ImportEventsErrors, ThrowOnError>;
/**
 * Data imported from other analytics tools
 *
 * Live key only. Newest first.
 */
export declare const listImports: <ThrowOnError extends boolean = false>(options?: Options<ListImportsData, ThrowOnError>) => RequestResult<ListImportsResponses, ListImportsErrors, ThrowOnError>;
/**
 * Import another tool's export (Plausible, Umami, Google Analytics 4)
 *
 * Live key only. The body is the export file as the tool writes it, `source` says
 * which tool:
 * - `plausible`: the ZIP of Plausible's CSV export (`application/zip`), its tables
 * named `imported_<table>_<YYYYMMDD>_<YYYYMMDD>.csv` or `<table>_…csv`. Read:
 * visitors, pages, sources, locations (by country), devices, browsers, operating
 * systems and custom events; entry and exit pages are not (no route here answers
 * them). Dates are the days Plausible wrote, in its site's time zone.
 * - `umami`: Umami's event rows as CSV (`text/csv`, or a ZIP of such files), with
 * its `website_event` column names (`session_id`, `visit_id`, `created_at`,
 * `url_path`, `referrer_domain`, `event_type` 1 page view / 2 custom event,
 * `event_name`, `browser`, `os`, `device`, `country`, `utm_source`, …).
 * - `ga4`: Google Analytics 4's BigQuery export, one event per line
 * (`application/x-ndjson`, or a ZIP of such files): `page_view` events are page
 * views, `session_start`, `first_visit` and `user_engagement` are GA4's own
 * bookkeeping and skipped, every other event is a custom event; a visit is
 * `user_pseudo_id` with the `ga_session_id` parameter.
 * Event rows are turned into the same daily aggregates a Plausible export holds
 * (a visit counts on the UTC day it started), so every source is read the same
 * way. The import is one transaction: it is all there or not at all. An import
 * whose days overlap another import of the project answers 409 `conflict` (delete
 * the other first), so no day is counted twice by two imports; days that also have
 * collected events are answered from the collected events alone (see
 * `withImported` on the stats routes). Rows that cannot be read (a bad date or a
 * negative count) are skipped and counted in `rowsSkipped`; an upload with no
 * readable row answers 400 `bad_request`. The file is read as it streams, a chunk
 * at a time, so a large import does not hold up other requests.
 *
 */
export declare const createImport: <ThrowOnError extends boolean = false>(options: Options<CreateImportData, ThrowOnError>) => RequestResult<CreateImportResponses, CreateImportErrors, ThrowOnError>;
/**
 * Remove an import and all its data
 *
 * Live key only. The stats answer as if it had never been imported.
 */
export declare const deleteImport: <ThrowOnError extends boolean = false>(options: Options<DeleteImportData, ThrowOnError>) => RequestResult<DeleteImportResponses, DeleteImportErrors, ThrowOnError>;
/**
 * Record a server-side custom event
 *
 * Live key only. Records a custom event (eventType `event`) for the project. The
 * event goes through the same write buffer and daily cap as the ingest path; it is
 * classified as a server-side event (no user agent, no location) in a session
 * derived from the caller's key, and counted in the human segment unless
 * `internal` is true.
 *
 */
export declare const recordEvent: <ThrowOnError extends boolean = false>(options: Options<RecordEventData, ThrowOnError>) => RequestResult<RecordEventResponses, RecordEventErrors, ThrowOnError>;
/**
 * Ingest one browser event (used by the tracking script)
 *
 * Key-less; the project is named by its public id. The body is JSON sent as
 * `text/plain` so that `navigator.sendBeacon` and `fetch(..., {keepalive: true})`
 * need no CORS preflight (`application/json` is accepted too). The event is
 * accepted when the page's hostname is trusted and the request's `Origin` (if any)
 * is trusted — the same rules `GET /v1/validate` dry-runs. The client IP is used
 * for location, network classification and the session hash and then dropped;
 * it is never stored. It is the connection's peer, or, when that peer is a trusted
 * proxy (TRUSTED_PROXIES, default loopback only), the right-most
 * `X-Forwarded-For` entry that is not a trusted proxy: entries the visitor sent
 * itself never choose it. Writes are buffered and committed in batches within about
 * 250 ms. Not rate-limited per key (it has none); the daily event cap applies.
 *
 */
export declare const collectEvent: <ThrowOnError extends boolean = false>(options: Options<CollectEventData, ThrowOnError>) => RequestResult<CollectEventResponses, CollectEventErrors, ThrowOnError>;
/**
 * Ingest one page view's engagement (used by the tracker's engagement extension)
 *
 * Key-less, like `POST /v1/collect`, and accepted under the same rules (the page's
 * hostname and the request's `Origin` trusted by the project). Sent once as the
 * page is left (`pagehide`, or a single-page navigation): the deepest point the
 * page was scrolled to and the time it was visible. Stored in the per-page, per-hour
 * engagement tally of the page's path (at the hour the beacon arrives), never as an
 * event: it counts in no visitor, page view or event number, and the daily event
 * cap does not apply. Bot traffic is not tallied.
 *
 */
export declare const collectEngagement: <ThrowOnError extends boolean = false>(options: Options<CollectEngagementData, ThrowOnError>) => RequestResult<CollectEngagementResponses, CollectEngagementErrors, ThrowOnError>;
/**
 * Who receives the project's email reports and traffic-spike alerts
 *
 * Live key only (the list holds people's email addresses). Oldest first.
 */
export declare const listReportSubscriptions: <ThrowOnError extends boolean = false>(options?: Options<ListReportSubscriptionsData, ThrowOnError>) => RequestResult<ListReportSubscriptionsResponses, ListReportSubscriptionsErrors, ThrowOnError>;
/**
 * Subscribe an email address to reports and alerts (creates or replaces)
 *
 * Live key only. One subscription per project and email address (compared
 * case-insensitively): posting the same address again replaces its settings
 * (200), a new address creates one (201). A subscription with `weekly`, `monthly`
 * false and no `spikeVisitorsPerHour` receives nothing and is kept.
 *
 * **When.** Weekly reports cover Monday 00:00 to Monday 00:00 in the subscription's
 * `timeZone` and are sent on Monday at `hour` (local); monthly reports cover the
 * previous calendar month and are sent on the 1st at `hour`. Each is compared with
 * the period before it of the same length (/v1/stats `compare=previous_period`) and
 * its numbers are the stats routes' answers for `period=custom` with that week or
 * month. A spike alert is sent when the visitors of the last 60 minutes reach
 * `spikeVisitorsPerHour`, at most once per clock hour (UTC) per subscription.
 *
 * **Delivery.** Each report and alert is sent once per period per subscription,
 * whatever the number of analytics processes: a process claims the period in the
 * database and keeps the claim only when the mail was handed to the SMTP server.
 * When the send fails or the process dies before recording it, the claim is undone
 * and the next run (within 5 minutes) sends it: delivery is at least once, and a
 * second copy is possible only when a process dies between the SMTP server's
 * acceptance and the commit. Sent over SMTP_URL; without it nothing is sent.
 *
 * Refused although the schema accepts it (400 `bad_request`): a `timeZone` that is
 * no IANA time zone. 409 `conflict` past 100 subscriptions per project.
 *
 * Refused although the schema accepts it:
 * - `bad_request`: `timeZone` is no IANA time zone the service knows (400).
 *
 */
export declare const putReportSubscription: <ThrowOnError extends boolean = false>(options: Options<PutReportSubscriptionData, ThrowOnError>) => RequestResult<PutReportSubscriptionResponses, PutReportSubscriptionErrors, ThrowOnError>;
/**
 * Remove a subscription
 */
export declare const deleteReportSubscription: <ThrowOnError extends boolean = false>(options: Options<DeleteReportSubscriptionData, ThrowOnError>) => RequestResult<DeleteReportSubscriptionResponses, DeleteReportSubscriptionErrors, ThrowOnError>;
/**
 * The unsubscribe confirmation page (the link in every report and alert)
 *
 * No key and no sign-in: the token is the authority. Every mail carries its own
 * random token (`un_` + 43 base64url characters; only its SHA-256 hash is stored)
 * that can do one thing: stop that kind of mail (weekly, monthly or spike) for its
 * subscription. GET only shows a page with a confirm button (link scanners that
 * open every link unsubscribe nobody); the button POSTs to the same URL. An
 * unknown token shows a page saying so (404).
 *
 */
export declare const getUnsubscribePage: <ThrowOnError extends boolean = false>(options: Options<GetUnsubscribePageData, ThrowOnError>) => RequestResult<GetUnsubscribePageResponses, GetUnsubscribePageErrors, ThrowOnError>;
/**
 * Unsubscribe (the confirm button, and one-click unsubscribe per RFC 8058)
 *
 * Stops the kind of mail the token came with for its subscription; repeating it
 * changes nothing and answers the same page. Mail carries `List-Unsubscribe:
 * <this URL>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail
 * client's unsubscribe button POSTs here directly (RFC 8058); the form body it
 * sends is accepted and not needed.
 *
 */
export declare const unsubscribe: <ThrowOnError extends boolean = false>(options: Options<UnsubscribeData, ThrowOnError>) => RequestResult<UnsubscribeResponses, UnsubscribeErrors, ThrowOnError>;
/**
 * Readiness
 *
 * No key: for load balancers and orchestrators. 200 once the process has
 * warmed up (database pool open) and while
 * its database answers; 503 `service_unavailable` (with `Retry-After`)
 * otherwise, the message saying why: warming up, shutting down (in-flight
 * requests are finishing), or the database unreachable. The database
 * check is shared by concurrent probes and its answer reused for 250 ms.
 *
 */
export declare const getReadiness: <ThrowOnError extends boolean = false>(options?: Options<GetReadinessData, ThrowOnError>) => RequestResult<GetReadinessResponses, GetReadinessErrors, ThrowOnError>;
/**
 * The tracking script (core)
 *
 * Embed it as a deferred script element whose `src` is `{analytics_url}/script.js`
 * and whose `data-project` attribute is the project id, or load
 * `/script.js?project=<project id>` where attributes cannot be set (tag managers).
 * Sends a page view on load and on SPA navigation (history.pushState, replaceState,
 * popstate); custom events with `window.switchyard('event', name, props)`. Locale is
 * `document.documentElement.lang`, else `navigator.language`. Setting
 * `localStorage.switchyard_internal = '1'` marks this browser's traffic as internal.
 * Events go to `/v1/collect` on the script's own origin via `navigator.sendBeacon`
 * (falling back to `fetch` with `keepalive`), as `text/plain`. At most 1 KB
 * gzipped; extensions are in `/script.{extensions}.js`.
 *
 * Served brotli- or gzip-compressed by `Accept-Encoding`, with a strong `ETag`
 * (`If-None-Match` answers 304) and `Cache-Control: public, max-age=86400,
 * stale-while-revalidate=604800`.
 *
 */
export declare const getTrackerScript: <ThrowOnError extends boolean = false>(options?: Options<GetTrackerScriptData, ThrowOnError>) => RequestResult<GetTrackerScriptResponses, GetTrackerScriptErrors, ThrowOnError>;
/**
 * The tracking script with opt-in extensions
 *
 * The core script plus the extensions named in the file name, dot-separated in any
 * order (`/script.outbound-links.file-downloads.js`), each adding only its own code:
 *
 * - `outbound-links`: a click (or middle click) on a link to another host sends the
 * custom event `Outbound Link: Click` with `props.url`.
 * - `file-downloads`: a click on a link to a file (pdf, docx, xlsx, csv, zip, dmg,
 * mp3, mp4 and other common types) sends `File Download` with `props.url`.
 * - `404`: a page holding `<meta name="switchyard-404">` sends `404` with `props.path`.
 * - `hash`: hash-based routing; the URL fragment is part of the page path, and
 * `hashchange` is a navigation.
 * - `revenue`: `switchyard('event', name, props, { revenue: { amount, currency } })`
 * records the revenue with the event.
 * - `engagement`: scroll depth (the deepest point of the page seen, in percent of
 * its height) and engaged time (counted only while the tab is visible, paused on
 * `visibilitychange` to hidden) of each page view, sent with `sendBeacon` to
 * `POST /v1/collect/engagement` when the page is left (`pagehide`) or a
 * single-page navigation replaces it; shown per page as `scrollDepth` and
 * `timeOnPage` by /v1/stats/pages and the `event:page` breakdown.
 *
 * Link events go out with `sendBeacon` (or `fetch` with `keepalive`) while the
 * navigation proceeds, never delaying it, whatever the link's `target`. An unknown
 * extension name is 404. Compression, ETag and caching as for `/script.js`.
 *
 */
export declare const getTrackerScriptWithExtensions: <ThrowOnError extends boolean = false>(options: Options<GetTrackerScriptWithExtensionsData, ThrowOnError>) => RequestResult<GetTrackerScriptWithExtensionsResponses, GetTrackerScriptWithExtensionsErrors, ThrowOnError>;
