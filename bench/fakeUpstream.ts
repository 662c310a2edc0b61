// Child process for the benchmark: the OpenAI loopback fake, with no artificial
// delay, in its own event loop so it competes with neither the load generator
// nor the gateway. Sends its base URL to the parent over IPC.
import { startFake } from '../providers/openai/fake.ts';

const fake = await startFake();
// The fake keeps every request for inspection; a benchmark must not grow memory without bound.
setInterval(() => (fake.requests.length = 0), 1000).unref();
process.send!({ url: fake.url });
process.on('disconnect', () => process.exit(0));
