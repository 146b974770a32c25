// Every file `gavel init` writes a hook into, for every harness in the registry, in user and project scope, is
// the agent's own configuration to gavel: an agent that edits it (to drop gavel's hook, or to add a hook or a
// plugin of its own, which runs code) is judged `agent_self_modification`, never allowed by default.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeCall } from '../../runtime';
import { HARNESSES } from './registry';
import { sandbox } from './testdata/sandbox';

const targets = HARNESSES.flatMap((h) => [
  [h.name, 'user', (home: string, _project: string) => h.install.file(home)] as const,
  [h.name, 'project', (home: string, project: string) => h.install.file(home, project)] as const,
]);

describe('the files gavel installs hooks into are protected', () => {
  it.each(targets)(
    '%s, %s scope: an edit is agent_self_modification, not allowed',
    async (_name, _scope, file) => {
      const s = sandbox();
      const path = file(s.home, s.project);
      for (const kind of ['write', 'edit'] as const) {
        const judged = await judgeCall(
          {
            harness: 'test',
            toolName: kind === 'write' ? 'Write' : 'Edit',
            cwd: s.project,
            adapt: () => ({ ok: true, inputs: [{ kind, path }] }),
          },
          s.io,
        );
        expect(judged.decision.verdict).not.toBe('allow');
        expect(judged.decision.categories).toContain('agent_self_modification');
      }
    },
  );

  it('and a sibling file in the same folder too (a second hook file, a second plugin)', async () => {
    const s = sandbox();
    for (const path of [
      join(s.home, '.copilot', 'hooks', 'other.json'),
      join(s.project, '.github', 'hooks', 'other.json'),
      join(s.project, '.opencode', 'plugins', 'other.ts'),
    ]) {
      const judged = await judgeCall(
        {
          harness: 'test',
          toolName: 'Write',
          cwd: s.project,
          adapt: () => ({ ok: true, inputs: [{ kind: 'write', path }] }),
        },
        s.io,
      );
      expect(judged.decision.categories).toContain('agent_self_modification');
    }
  });
});
