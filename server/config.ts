// Reads the environment once; everything else receives these values.
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
