// deno's configuration: `deno task x` runs its task (and dependencies) in deno's shell, analysed as shell;
// lint plugins are code gavel does not follow. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const FILES: Record<string, ScriptFile> = {
  [`${P}/ok/deno.jsonc`]: text(
    '{\n  // tasks\n  "tasks": { "test": "deno test --allow-read", "ci": { "command": "deno fmt --check", "dependencies": ["test"] } }\n}\n',
  ),
  [`${P}/bad/deno.json`]: text(
    '{"tasks": {"test": {"command": "deno test", "dependencies": ["wipe"]}, "wipe": "rm -rf ~"}, "lint": {"plugins": ["./p.ts"]}}',
  ),
  [`${P}/broken/deno.json`]: text('{"tasks": '),
};
const { at, categories, codes } = fileProject(P, FILES);

beforeAll(async () => {
  await loadShellParser();
});

describe('deno configuration', () => {
  it('deno task runs the task and its dependencies as shell', () => {
    expect(categories(at('bad', 'deno task test'))).toContain('destructive_root_delete');
    const ok = at('ok', 'deno task ci');
    expect(categories(ok)).toEqual([]);
    expect(codes(ok)).toEqual([]);
  });
  it('lint plugins and a configuration that does not parse are uncertain', () => {
    expect(codes(at('bad', 'deno lint'))).toContain('dynamic-script');
    expect(codes(at('broken', 'deno task test'))).toContain('dynamic-script');
    expect(codes(at('ok', 'deno lint'))).toEqual([]);
  });
});
