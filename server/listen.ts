import cluster from 'node:cluster';
import net from 'node:net';
import { StartupError } from './config.ts';

export interface Where {
  port: number;
  host: string;
  /** The setting that chose the port, named when it cannot be used. */
  portEnv: string;
}

/**
 * Listens, saying a port that cannot be used in one line naming its setting.
 *
 * A worker of `npm start`'s cluster listens on a socket of its own (SO_REUSEPORT:
 * the kernel spreads new connections over the workers' sockets) instead of
 * through the primary. Through the primary (Node's round-robin), a connection is
 * accepted there and handed to a worker; one handed to a worker that has just
 * died is never answered nor closed, and its client waits for ever. On a socket
 * of its own, a worker that dies takes only what it had accepted or queued, which
 * the kernel resets: the client gets an error at once. Port 0 (any free port)
 * keeps the primary's one socket, so that every worker has the same port.
 */
export function listenOn(server: net.Server, where: Where): Promise<void> {
  const { port, host } = where;
  const own = cluster.isWorker && port !== 0;
  return new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, where)));
    server.listen(own ? { port, host, reusePort: true, exclusive: true } : { port, host }, resolve);
  });
}

/**
 * Before the workers start: the ports are free. Workers share their port with
 * each other (SO_REUSEPORT), so a port another Switchyard of this user holds the
 * same way would be shared with it silently; a socket without that option
 * cannot bind beside theirs, so this one finds it in use and says so.
 */
export async function checkPortFree(where: Where): Promise<void> {
  if (where.port === 0) return;
  const probe = net.createServer();
  await listenOn(probe, where);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

function listenError(err: NodeJS.ErrnoException, { port, host, portEnv }: Where): Error {
  // Said in one line naming the setting; anything else is a real fault.
  if (err.code === 'EADDRINUSE') return new StartupError(`${portEnv}=${port}: the port is in use on ${host} (another Switchyard, or another program); stop it or set ${portEnv} to a free port`);
  if (err.code === 'EACCES') return new StartupError(`${portEnv}=${port}: not allowed to listen on that port on ${host}; set ${portEnv} to a port above 1023`);
  if (err.code === 'EADDRNOTAVAIL') return new StartupError(`HOST=${host}: not an address of this machine`);
  return err;
}
