// The harness adapters and the one list of agent-configuration paths (rules/agent-config-paths.json) agree:
// the file each adapter installs its hook into, in a project, is agent configuration to route (it matches a
// glob of the list) and is an example of the list, so check's test holds action review to it too (a write of
// every example is agent self-modification) and route's loader holds the glob to it.
import { relative } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import shared from '../../../rules/agent-config-paths.json' with { type: 'json' };
import { HARNESSES } from './registry';

const entries = shared.paths as { glob: string; examples: string[] }[];
const inList = picomatch(
  entries.map((e) => e.glob),
  { dot: true, nocase: true },
);
const examples = new Set(entries.flatMap((e) => e.examples));

describe('every harness adapter writes its project hook into a path of the shared list', () => {
  it.each(HARNESSES.map((h) => [h.name, relative('/project', h.install.file('/home', '/project'))] as const))(
    '%s: `%s` is agent configuration and an example of the list',
    (_name, rel) => {
      expect(rel.startsWith('..')).toBe(false);
      expect(inList(rel)).toBe(true);
      expect(inList(`sub/${rel}`)).toBe(true);
      expect(examples.has(rel)).toBe(true);
    },
  );
});
