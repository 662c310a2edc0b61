// Worker side of loadAsnTables(): parses both CSVs and hands the typed arrays back
// (transferred, not copied).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseIpv4Table, parseIpv6Table } from './asnTables.ts';

const { v4File, v6File } = workerData as { v4File: string; v6File: string };
const v4 = parseIpv4Table(readFileSync(v4File));
const v6 = parseIpv6Table(readFileSync(v6File));
const buffers = [v4, v6].flatMap((t) => [t.starts.buffer, t.ends.buffer, t.asns.buffer, t.orgIndex.buffer]) as ArrayBuffer[];
parentPort!.postMessage({ v4, v6 }, buffers);
