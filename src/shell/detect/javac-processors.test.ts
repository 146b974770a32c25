// javac runs the annotation processors its class path declares (`.` when none is given): a folder with
// META-INF/services/javax.annotation.processing.Processor, or a jar gavel does not read, makes a compile uncertain
// unless `-proc:none` (white-box review: javac 17 ran a processor from the project root).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { analyzerOver, codesOf } from '../testdata/analysis';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const SERVICE = 'META-INF/services/javax.annotation.processing.Processor';
const FILES: Record<string, ScriptFile> = {
  [`${P}/${SERVICE}`]: { kind: 'text', text: 'evil.Proc\n' },
  [`${P}/classes/${SERVICE}`]: { kind: 'text', text: 'evil.Proc\n' },
  [`${P}/app/lib/deps`]: { kind: 'text', text: 'PK\u0003\u0004' },
  [`${P}/app`]: { kind: 'unreadable', why: 'not-regular', entries: ['lib'] },
  [P]: { kind: 'unreadable', why: 'not-regular', entries: ['META-INF', 'app', 'classes'] },
  [`${P}/classes`]: { kind: 'unreadable', why: 'not-regular', entries: ['META-INF'] },
};
const analyze = analyzerOver(FILES);

beforeAll(async () => {
  await loadShellParser();
});

describe('javac and the annotation processors it finds', () => {
  it.each([
    ['the project root declaring one (the default class path)', 'javac -d build src/Foo.java'],
    ['a class path folder declaring one', 'cd app && javac -cp lib:../classes -d b A.java'],
    ['a jar on the class path', 'cd app && javac -cp lib/a.jar -d b A.java'],
    ['a class path wildcard', 'cd app && javac --class-path=lib/* -d b A.java'],
    ['an archive without a .jar name', 'cd app && javac -cp lib/deps -d b A.java'],
  ])('uncertain: %s', (_n, command) => {
    expect(codesOf(analyze(command))).toContain('dynamic-script');
  });

  it.each([
    ['a folder declaring none', 'cd app && javac -d build src/Foo.java'],
    ['processing turned off', 'javac -proc:none -cp lib/a.jar -d b src/A.java'],
  ])('quiet: %s', (_n, command) => {
    expect(codesOf(analyze(command))).toEqual([]);
  });
});
