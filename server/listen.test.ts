import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { StartupError } from './config.ts';
import { checkPortFree } from './listen.ts';

const held: net.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function hold(options: net.ListenOptions): Promise<number> {
  const server = net.createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(options, resolve));
  return (server.address() as net.AddressInfo).port;
}

test('a free port passes; a port another program holds is said in one line naming its setting', async () => {
  const port = await hold({ port: 0, host: '127.0.0.1' });
  const err = await checkPortFree({ port, host: '127.0.0.1', portEnv: 'GATEWAY_PORT' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StartupError);
  expect((err as Error).message).toBe(`GATEWAY_PORT=${port}: the port is in use on 127.0.0.1 (another Switchyard, or another program); stop it or set GATEWAY_PORT to a free port`);
  await new Promise((r) => held.pop()!.close(r));
  await expect(checkPortFree({ port, host: '127.0.0.1', portEnv: 'GATEWAY_PORT' })).resolves.toBeUndefined();
});

test("a port held by another Switchyard's workers (SO_REUSEPORT) is in use too, not silently shared", async () => {
  const port = await hold({ port: 0, host: '127.0.0.1', reusePort: true, exclusive: true });
  await expect(checkPortFree({ port, host: '127.0.0.1', portEnv: 'ANALYTICS_PORT' })).rejects.toThrow(`ANALYTICS_PORT=${port}: the port is in use`);
});
