// switchyard.yaml as an operator writes it: what it configures, and every
// fault named by file, line and column before the gateway starts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigFileError, loadDeployments, parseDeployments } from './deployments.ts';
import { loadConfig, StartupError } from '../server/config.ts';

const env = { OPENAI_KEY_EU: 'sk-eu', OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AWS_ACCESS_KEY_ID: 'AKIAENV', AWS_SECRET_ACCESS_KEY: 'env-secret' };

const fault = (text: string, given: NodeJS.ProcessEnv = env) => {
  try {
    parseDeployments(text, given, 'conf/switchyard.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigFileError);
    return (err as Error).message;
  }
  throw new Error('the file was accepted');
};

describe('switchyard.yaml', () => {
  test("a deployment's own values win; what it leaves out comes from the environment", () => {
    const [eu, us] = parseDeployments(
      ['providers:', '  openai:', '    deployments:', '      - {name: eu, apiKey: "${OPENAI_KEY_EU}", baseUrl: "https://eu.example.com", weight: 3, concurrency: 4}', '      - {models: [gpt-4o-mini], timeoutMs: 900}'].join('\n'),
      env,
    );
    expect(eu).toMatchObject({ key: 'openai/eu', weight: 3, concurrency: 4, settings: { apiKey: 'sk-eu', baseUrl: 'https://eu.example.com/v1' } });
    // No host or region of its own: named `default`; the environment's key and address.
    expect(us).toMatchObject({ key: 'openai/default', weight: 1, models: ['gpt-4o-mini'], settings: { apiKey: 'sk-env', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 900 } });
    expect(us!.concurrency).toBeUndefined();
  });

  test('names without one are stable: after the region, else the host, a repeated one numbered', () => {
    const names = parseDeployments(
      [
        'providers:',
        '  openai:',
        '    deployments:',
        '      - {baseUrl: "http://gpu1:8000/v1"}',
        '      - {baseUrl: "http://gpu1:8000/v1", apiKey: other}',
        '      - {name: gpu1-8000-2}',
        '  bedrock:',
        '    deployments:',
        '      - {region: eu-central-1, apiKey: AKIAEU, env: {AWS_SECRET_ACCESS_KEY: eu-secret}}',
        '      - {region: us-east-1}',
      ].join('\n'),
      env,
    ).map((d) => d.key);
    expect(names).toEqual(['openai/gpu1-8000', 'openai/gpu1-8000-3', 'openai/gpu1-8000-2', 'bedrock/eu-central-1', 'bedrock/us-east-1']);
  });

  test('a region picks the provider its host and signing region; env: sets its other variables', () => {
    const [eu, us] = parseDeployments(
      ['providers:', '  bedrock:', '    deployments:', '      - {region: eu-central-1, apiKey: AKIAEU, env: {AWS_SECRET_ACCESS_KEY: eu-secret}}', '      - {region: us-east-1}'].join('\n'),
      env,
    );
    expect(eu!.settings).toMatchObject({ baseUrl: 'https://bedrock-runtime.eu-central-1.amazonaws.com', apiKey: 'AKIAEU', extra: { region: 'eu-central-1', secretAccessKey: 'eu-secret' } });
    expect(us!.settings).toMatchObject({ baseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com', apiKey: 'AKIAENV', extra: { region: 'us-east-1', secretAccessKey: 'env-secret' } });
  });

  test.each([
    ['an unknown setting, at its key', 'providers:\n  openai:\n    deployments:\n      - name: eu\n        wieght: 3\n', 'conf/switchyard.yaml:5:9: providers.openai.deployments.0.wieght is not a setting'],
    ['a value out of range, at the value', 'providers:\n  openai:\n    deployments:\n      - name: eu\n        weight: -3\n', 'conf/switchyard.yaml:5:17: providers.openai.deployments.0.weight must be >= 0'],
    ['an unknown provider', 'providers:\n  opneai:\n    deployments:\n      - name: eu\n', 'conf/switchyard.yaml:2:3: providers.opneai: no such provider (known: gemini,'],
    ['an unset reference', 'providers:\n  openai:\n    deployments:\n      - apiKey: ${NOPE}\n', 'conf/switchyard.yaml:4:17: providers.openai.deployments.0.apiKey references ${NOPE}, which is not set'],
    ['broken YAML', 'providers:\n  openai:\n    deployments: [\n', 'conf/switchyard.yaml:4:1: '],
    ['a region where the provider has none', 'providers:\n  openai:\n    deployments:\n      - region: eu-west-1\n', 'conf/switchyard.yaml:4:17: openai has no region'],
    ['a provider without deployments', 'providers:\n  openai: {}\n', "conf/switchyard.yaml:2:11: providers.openai must have required property 'deployments'"],
    ['a name given twice', 'providers:\n  openai:\n    deployments:\n      - name: a\n      - name: a\n', 'conf/switchyard.yaml:5:15: providers.openai names the deployment a twice'],
  ])('%s is a fault naming the line and column', (_, text, message) => {
    expect(fault(text)).toContain(message);
  });

  test('a hosted deployment with no key anywhere is refused, not left to fail its calls', () => {
    expect(fault('providers:\n  anthropic:\n    deployments:\n      - name: eu\n', {})).toMatch(/^conf\/switchyard.yaml:4:9: the anthropic deployment eu has no key: give its apiKey .* or set ANTHROPIC_API_KEY$/);
  });

  describe('read at start', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-conf-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    test('a bad file stops the start with one line naming it, its line and column', async () => {
      const file = path.join(dir, 'bad.yaml');
      await writeFile(file, 'providers:\n  openai:\n    deployments:\n      - name: eu\n        weight: heavy\n');
      expect(() => loadConfig({ SWITCHYARD_CONFIG: file, OPENAI_API_KEY: 'sk' })).toThrow(new StartupError(`${path.relative(process.cwd(), file)}:5:17: providers.openai.deployments.0.weight must be number`));
      expect(() => loadConfig({ SWITCHYARD_CONFIG: path.join(dir, 'absent.yaml') })).toThrow(StartupError);
    });

    test('SWITCHYARD_CONFIG, else ./switchyard.yaml when there is one, else nothing', async () => {
      expect(loadDeployments({}, dir)).toEqual([]);
      await writeFile(path.join(dir, 'switchyard.yaml'), 'providers:\n  ollama:\n    deployments:\n      - {baseUrl: "http://gpu2:11434"}\n');
      expect(loadDeployments({}, dir).map((d) => d.key)).toEqual(['ollama/gpu2-11434']);
      await writeFile(path.join(dir, 'other.yaml'), 'providers:\n  ollama:\n    deployments:\n      - {name: other}\n');
      expect(loadDeployments({ SWITCHYARD_CONFIG: 'other.yaml' }, dir).map((d) => d.key)).toEqual(['ollama/other']);
    });
  });

  test("the README's example is valid and configures what it says", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    // Skipped by test/readme.test.ts (a file, not a command) for this test to check.
    const block = /<!-- not run: [^\n]*providers\/deployments\.test\.ts[^\n]*-->\n```yaml\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const given = { OPENAI_KEY_EU: 'sk-eu', OPENAI_KEY_US: 'sk-us', AWS_KEY_EU: 'AKIAEU', AWS_SECRET_EU: 'eu-secret', AWS_ACCESS_KEY_ID: 'AKIAUS', AWS_SECRET_ACCESS_KEY: 'us-secret' };
    const deployments = parseDeployments(block!, given, 'README.md');
    expect(deployments.map((d) => [d.key, d.weight, d.settings.apiKey])).toEqual([
      ['openai/eu', 3, 'sk-eu'],
      ['openai/us', 1, 'sk-us'],
      ['bedrock/eu-central-1', 1, 'AKIAEU'],
      ['bedrock/us-east-1', 0, 'AKIAUS'],
    ]);
    expect(deployments[1]!.models).toEqual(['gpt-4o-mini']);
  });
});
