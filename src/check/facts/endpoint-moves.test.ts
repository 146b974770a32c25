// A change that moves where code sends its requests to a site the file did not name is not allowed (a person
// decides); moves within a site, URLs added, documentation and hosts the file already names stay allowed. Judged
// through the whole pipeline with the bundled policy, on real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';

const dir = mkdtempSync(join(tmpdir(), 'endpoint-moves-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'mobile/lib/api_client.dart':
    "const apiBase = String.fromEnvironment('API_BASE', defaultValue: 'https://api.shop.example');\n",
  'config/services.yml':
    'webhooks:\n  orders: https://hooks.shop.example/orders\nmirror: https://cdn.partner.example/assets\n',
  'src/upload.ts': "export const UPLOAD = 'https://uploads.shop.example/v1';\n",
  'README.md': 'API: https://api.shop.example\n',
  'src/dev.ts': "export const API = 'http://localhost:3000';\n",
  'src/cors.ts': "app.use(cors({ origin: 'https://app.shop.example' }));\n",
};
writeFiles(dir, FILES);
const readScript = workspaceReader(dir);

async function judge(name: string, change: FileChange, tool: 'Edit' | 'Write' = 'Edit') {
  const path = `${WORKSPACE}/${name}`;
  const input: ToolInput =
    tool === 'Write' ? { kind: 'write', path, change } : { kind: 'edit', path, change };
  return (await judgeWithReader(input, tool, readScript)).decision;
}
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });

describe('a URL moved to another site is not allowed', () => {
  it.each([
    [
      'an app API base moved to another site',
      'mobile/lib/api_client.dart',
      replace('https://api.shop.example', 'https://api.shop-support.example'),
    ],
    [
      'a webhook moved',
      'config/services.yml',
      replace('orders: https://hooks.shop.example/orders', 'orders: https://collector.example.net/orders'),
    ],
    [
      'an upload target rewritten whole',
      'src/upload.ts',
      { kind: 'whole', text: "export const UPLOAD = 'https://files.elsewhere.example/v1';\n" } as FileChange,
    ],
  ] as const)('%s', async (_name, file, change) => {
    const d = await judge(file, change, change.kind === 'whole' ? 'Write' : 'Edit');
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('endpoint-moved');
    // The reason names the file, never a host.
    expect(d.reason).not.toMatch(/example\.net|elsewhere|shop-support/);
  });
});

describe('URL changes that stay on a site, or add one, stay allowed', () => {
  it.each([
    [
      'a move within the site',
      'src/upload.ts',
      replace('uploads.shop.example/v1', 'uploads.shop.example/v2'),
    ],
    ['another host of the same site', 'src/upload.ts', replace('uploads.shop.example', 'files.shop.example')],
    [
      'a site the file already names',
      'config/services.yml',
      replace('orders: https://hooks.shop.example/orders', 'orders: https://cdn.partner.example/orders'),
    ],
    [
      'a URL added where none was taken out',
      'config/services.yml',
      replace('mirror:', 'docs: https://docs.other.example\nmirror:'),
    ],
    ['documentation', 'README.md', replace('https://api.shop.example', 'https://api.other.example')],
    [
      'to the local machine',
      'src/upload.ts',
      replace('https://uploads.shop.example', 'http://127.0.0.1:9000'),
    ],
    ['from the local machine to a named site', 'src/dev.ts', replace('localhost', 'localhost:4000')],
  ] as const)('%s', async (_name, file, change) => {
    const d = await judge(file, change);
    expect(d.reason).not.toContain('endpoint-moved');
    expect(d.verdict).toBe('allow');
  });
});
