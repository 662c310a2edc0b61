import type { Handler } from '../types.ts';
import type { GetHealthData } from '../../generated/gateway/types.gen.ts';

// No envelope, no key: load balancers and uptime checks call this.
const getHealth: Handler<GetHealthData> = (ctx) => {
  ctx.body = { status: 'healthy', service: 'switchyard-gateway', timestamp: new Date().toISOString() };
};

export default getHealth;
