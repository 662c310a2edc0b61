// Reads the environment once; everything else receives these values.
import { requestLogConfig } from '../core/requestLog.ts';
import { ConfigFileError, loadDeployments } from '../providers/deployments.ts';

export interface Config {
  gatewayPort: number;
  analyticsPort: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  /** Human-readable lines (a terminal) or one JSON object per line (anything else). */
  logFormat: LogFormat;
  bootstrapKey?: string;
}

export type LogFormat = 'pretty' | 'json';

export type ServiceName = 'gateway' | 'analytics';

/** A setting or a situation the operator can fix, said in one line (no stack). */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

function port(name: string, value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new StartupError(`${name}=${value} is not a port number (0-65535)`);
  return n;
}


export function logFormatOf(env: NodeJS.ProcessEnv, stdoutIsTty = process.stdout.isTTY === true): LogFormat {
  const asked = env.LOG_FORMAT;
  if (asked === 'pretty' || asked === 'json') return asked;
  if (asked) throw new StartupError(`LOG_FORMAT=${asked} is not a log format: use pretty or json`);
  return stdoutIsTty ? 'pretty' : 'json';
}

// Sealed secrets (webhook secrets, callers' provider keys while their task
// waits) open only with this key: a short one is refused at start, not when
// the first such request fails.
function secretKeyChecked(env: NodeJS.ProcessEnv): void {
  const key = env.SWITCHYARD_SECRET_KEY;
  if (key !== undefined && key.length < 32) throw new StartupError('SWITCHYARD_SECRET_KEY must have at least 32 characters');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  secretKeyChecked(env);
  // The request log's settings are read where it starts; a bad one is said here, in one line.
  try {
    requestLogConfig(env);
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
  // switchyard.yaml is read again where the gateway starts; a fault in it is said here first, naming its line.
  try {
    loadDeployments(env);
  } catch (err) {
    throw err instanceof ConfigFileError ? new StartupError(err.message) : err;
  }
  return {
    gatewayPort: port('GATEWAY_PORT', env.GATEWAY_PORT, 8080),
    analyticsPort: port('ANALYTICS_PORT', env.ANALYTICS_PORT, 8081),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.SWITCHYARD_DATA_DIR || '.data',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: logFormatOf(env),
    bootstrapKey: env.GATEWAY_BOOTSTRAP_KEY || undefined,
  };
}
