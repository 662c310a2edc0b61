// `npm run bench [-- --rate 500 --seconds 10 --warmup 2 --log-level info --no-streaming --cpu-prof <dir>]`
import { parseArgs } from 'node:util';
import { runGatewayOverheadBench } from './gatewayOverhead.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    'log-level': { type: 'string' },
    'no-streaming': { type: 'boolean' },
    'cpu-prof': { type: 'string' },
    json: { type: 'boolean' },
  },
});

const result = await runGatewayOverheadBench({
  rate: values.rate ? Number(values.rate) : undefined,
  durationSeconds: values.seconds ? Number(values.seconds) : undefined,
  warmupSeconds: values.warmup ? Number(values.warmup) : undefined,
  logLevel: values['log-level'],
  streaming: !values['no-streaming'],
  cpuProfileDir: values['cpu-prof'],
});
if (values.json) console.log(JSON.stringify(result, null, 2));
process.exit(0);
