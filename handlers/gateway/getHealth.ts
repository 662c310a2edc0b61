import type { Handler } from '../types.ts';

// No envelope, no key: load balancers and uptime checks call this.
const getHealth: Handler = (ctx) => {
  ctx.body = { status: 'healthy', service: 'switchyard-gateway', timestamp: new Date().toISOString() };
};

export default getHealth;
