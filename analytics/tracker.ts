import { readFileSync } from 'node:fs';

const SOURCE = readFileSync(new URL('./tracker.js', import.meta.url), 'utf8');

/** The tracking script, with a project id baked in for embeds that cannot set data-project. */
export function trackerScript(projectId?: string): string {
  return projectId ? SOURCE.replace('__PROJECT__', projectId) : SOURCE;
}
