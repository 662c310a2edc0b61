import { describe, expect, test } from 'vitest';
import { ApiError } from '../protocols/errors.ts';
import { ProviderError, type ProviderErrorCode } from '../providers/types.ts';
import { logFailure, toApiError, withoutSecrets, type ErrorDialect } from './errors.ts';
import { capturingLogger } from '../test/support.ts';

const failure = (code: ProviderErrorCode, opts: { status?: number; retryAfterMs?: number; upstreamBody?: string } = {}, provider: 'openai' | 'ollama' = 'openai') =>
  new ProviderError(provider, code, `${provider} said no`, opts);

const answer = (err: unknown, dialect: ErrorDialect) => {
  const e = toApiError(err, dialect);
  return `${e.status} ${e.code}`;
};

describe('one table of provider failures, a column per dialect', () => {
  test.each([
    // provider failure                                   native                          openai                          anthropic
    [failure('missing_config'),                           '503 provider_not_configured', '503 provider_not_configured', '503 provider_not_configured'],
    [failure('unreachable'),                              '502 unreachable',             '502 upstream_error',          '502 upstream_error'],
    [failure('unreachable', {}, 'ollama'),                '502 unreachable',             '503 provider_not_configured', '503 provider_not_configured'],
    [failure('timeout'),                                  '504 timeout',                 '502 upstream_timeout',        '502 upstream_timeout'],
    [failure('rate_limited', { status: 429 }),            '429 rate_limited',            '429 upstream_rate_limited',   '429 upstream_rate_limited'],
    [failure('upstream_error', { status: 500 }),          '502 upstream_error',          '502 upstream_error',          '502 upstream_error'],
    [failure('upstream_error', { status: 529 }),          '502 upstream_error',          '502 upstream_overloaded',     '529 upstream_overloaded'],
    [failure('upstream_error', { status: 503, upstreamBody: 'Overloaded' }), '502 upstream_error', '502 upstream_overloaded', '529 upstream_overloaded'],
    [failure('upstream_rejected', { status: 400 }),       '400 upstream_rejected',       '400 invalid_request',         '400 invalid_request'],
    [failure('upstream_rejected', { status: 401 }),       '502 upstream_rejected',       '502 upstream_error',          '502 upstream_error'],
    [failure('upstream_rejected', { status: 404 }),       '400 upstream_rejected',       '404 model_not_found',         '404 model_not_found'],
    [failure('upstream_rejected', { status: 413 }),       '400 upstream_rejected',       '413 request_too_large',       '413 request_too_large'],
    [failure('unsupported_option'),                       '400 unsupported_option',      '400 capability_not_supported', '400 capability_not_supported'],
    [failure('cancelled'),                                '400 cancelled',               '400 client_closed',           '400 client_closed'],
    [new ApiError('invalid_request', 'x', { code: 'unsupported_provider' }), '400 unsupported_provider', '400 capability_not_supported', '400 capability_not_supported'],
    [new ApiError('invalid_request', 'x', { code: 'unsupported_option' }), '400 unsupported_option', '400 capability_not_supported', '400 capability_not_supported'],
    [new Error('bug'),                                    '500 internal_error',          '500 internal_error',          '500 internal_error'],
  ])('%s', (err, native, openai, anthropic) => {
    expect([answer(err, 'native'), answer(err, 'openai'), answer(err, 'anthropic')]).toEqual([native, openai, anthropic]);
  });

  test("a provider's Retry-After reaches the caller, rounded up to seconds", () => {
    expect(toApiError(failure('rate_limited', { retryAfterMs: 1_200 }), 'openai').headers).toEqual({ 'retry-after': '2' });
  });

  test("a renamed gateway refusal keeps the parameter it names, unless the dialect names another", () => {
    expect(toApiError(new ApiError('invalid_request', 'x', { code: 'unsupported_option', param: 'mask' }), 'openai').param).toBe('mask');
    expect(toApiError(new ApiError('invalid_request', 'x', { code: 'unsupported_provider', param: 'provider' }), 'openai').param).toBe('model');
  });

  test('the message names the provider', () => {
    expect(toApiError(failure('timeout')).message).toBe('openai said no');
  });
});

describe('how failures are logged', () => {
  const logged = (err: unknown) => {
    const { log, lines } = capturingLogger();
    logFailure(log, err, { reqId: 'r1' });
    return lines.map(({ level, msg, err: e, provider, status }) => ({ level, msg, stack: typeof e?.stack === 'string', provider, status }));
  };

  test("the gateway's own fault: an error with its stack, also when a handler wrapped it", () => {
    expect(logged(new Error('bug'))).toEqual([{ level: 50, msg: 'internal error', stack: true, provider: undefined, status: undefined }]);
    expect(logged(toApiError(new TypeError('bug'), 'openai'))).toEqual([{ level: 50, msg: 'internal error', stack: true, provider: undefined, status: undefined }]);
  });

  test("a provider's failure: one warning with provider and status, no stack, keys cut out", () => {
    const err = new ProviderError('openai', 'upstream_rejected', 'openai answered HTTP 401: Incorrect API key provided: sk-proj-abcdefghijklmnop', { status: 401 });
    expect(logged(toApiError(err))).toEqual([
      { level: 40, msg: 'upstream failure: openai answered HTTP 401: Incorrect API key provided: sk-proj-…', stack: false, provider: 'openai', status: 401 },
    ]);
  });

  test("a caller's mistake or choice is not logged", () => {
    for (const err of [
      new ApiError('invalid_request', 'bad'),
      new ApiError('unavailable', 'anthropic is not configured', { code: 'provider_not_configured' }),
      new ApiError('not_implemented', 'later', { code: 'not_implemented' }),
      toApiError(failure('unsupported_option')),
      toApiError(failure('cancelled')),
    ]) {
      expect(logged(err)).toEqual([]);
    }
  });

  test('withoutSecrets cuts key shapes to their prefix', () => {
    expect(withoutSecrets('Bearer gw_live_abcdefgh12345678 and AIzaSyA-1234567890abcdef, xai-0123456789')).toBe('Bearer … and AIza…, xai-…');
  });
});
