// sharp (libvips, ~25 MB of RSS and 110-170 ms to load) is loaded by the first
// call that decodes or inspects an image, not by every process that merely
// could: an idle gateway, and one that never sees an image, never holds it.
// Synchronous (sharp is CommonJS), so the pipelines built on it stay synchronous.
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

const require = createRequire(import.meta.url);
let loaded: typeof SharpModule | undefined;

/** sharp's factory, loaded on first use. */
export function sharp(): typeof SharpModule {
  return (loaded ??= require('sharp') as typeof SharpModule);
}
