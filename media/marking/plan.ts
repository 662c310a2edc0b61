import type { Edit } from './file.ts';

/** What marking one file takes: leave it (and why), or the edits that add the marking. */
export type Plan =
  | { action: 'kept'; reason: string }
  | { action: 'none'; reason: string }
  | { action: 'add'; method: string; reason: string; edits: Edit[] };
