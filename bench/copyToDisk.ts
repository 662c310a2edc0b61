// The media bench's baseline, in a process of its own like the gateway: the
// same downloads from the same fake, streamed to disk with nothing else done.
// Answers over IPC when each file was closed (Date.now()).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { request } from 'undici';

process.once('message', async ({ urls, dir }: { urls: string[]; dir: string }) => {
  const closed: Record<string, number> = {};
  await Promise.all(
    urls.map(async (url, i) => {
      const res = await request(url);
      const out = createWriteStream(join(dir, `copy-${i}.mp4`), { highWaterMark: 256 * 1024 });
      for await (const chunk of res.body) if (!out.write(chunk)) await once(out, 'drain');
      out.end();
      await once(out, 'close');
      closed[url] = Date.now();
    }),
  );
  process.send!(closed, () => process.exit(0));
});
