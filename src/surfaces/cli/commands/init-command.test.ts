import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { runMain } from '../fake-context.testkit';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gavel-init-cmd-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const settings = () => join(home, '.claude', 'settings.json');
function write(text: string): void {
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(settings(), text);
}
const init = () => runMain(['init', 'claude-code'], { cwd: home, env: { HOME: home } });

describe('gavel init exit codes', () => {
  it('exits 2 on a settings file that is not valid JSON, naming where, and leaves it untouched', async () => {
    write('{\n  "model": "opus",\n}\n');
    const got = await init();
    expect(got.code).toBe(EXIT.usage);
    expect(got.err).toBe(
      `gavel init: \`${settings()}\` is not valid JSON (line 3, column 1); left untouched\n`,
    );
    expect(readFileSync(settings(), 'utf8')).toBe('{\n  "model": "opus",\n}\n');
  });

  it('exits 2 on a PreToolUse written as an object', async () => {
    write('{"hooks":{"PreToolUse":{"matcher":"*"}}}');
    const got = await init();
    expect([got.code, got.err]).toEqual([
      EXIT.usage,
      `gavel init: \`${settings()}\` \`hooks.PreToolUse\` is not a list; left untouched\n`,
    ]);
  });

  it('installs into an empty file and exits 0, then changes nothing', async () => {
    write('');
    expect((await init()).code).toBe(EXIT.ok);
    const again = await init();
    expect([again.code, again.out]).toEqual([EXIT.ok, `already installed: ${settings()}\n`]);
  });
});
