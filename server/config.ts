// Reads the environment once; everything else receives these values.
export interface Config {
  gatewayPort: number;
  analyticsPort: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bootstrapKey?: string;
}

function port(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`invalid port: ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    gatewayPort: port(env.GATEWAY_PORT, 8080),
    analyticsPort: port(env.ANALYTICS_PORT, 8081),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.SWITCHYARD_DATA_DIR || '.data',
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    bootstrapKey: env.GATEWAY_BOOTSTRAP_KEY || undefined,
  };
}
