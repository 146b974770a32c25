// What snakemake runs of the workflow (round 32): the Snakefile's Python while the job graph is built, a dry run
// too; its shell commands, scripts and handlers on a real run. Real files in a temp workspace.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const RULES =
  'configfile: "config.yaml"\nYEARS = config["years"]\n\nonstart:\n    shell("bash scripts/env.sh")\n\nrule all:\n    input:\n        expand("raw/{y}.nc", y=YEARS),\n\nrule fetch:\n    output:\n        "raw/{y}.nc"\n    shell:\n        "python scripts/fetch.py {wildcards.y} {output}"\n';

function run(command: string, files: Record<string, string>) {
  p = diskProject('snakemake-runs-');
  p.write({ 'scripts/env.sh': 'rm -rf ~\n', ...files });
  const a = analyzeShellSync(command, p.env());
  return {
    categories: [...new Set(a.hits.map((h) => h.category))],
    codes: [...new Set(a.uncertain.map((u) => u.code))],
  };
}

describe('a dry run reads the workflow, runs none of its jobs', () => {
  it.each([
    'snakemake -n',
    'snakemake --dry-run -c1',
    'snakemake --list',
    'snakemake --dag',
    'snakemake -c1 -n all',
  ])('quiet: %s', (command) => {
    expect(run(command, { Snakefile: RULES })).toEqual({ categories: [], codes: [] });
  });
  it.each<[string, Record<string, string>]>([
    [
      'Python at the top level that reaches the system',
      { Snakefile: `import os\nos.system("id")\n${RULES}` },
    ],
    [
      'an included Snakefile of such Python',
      {
        Snakefile: `include: "rules/x.smk"\n${RULES}`,
        'rules/x.smk': 'import subprocess\nsubprocess.run(["id"])\n',
      },
    ],
    ['an include that is not there', { Snakefile: `include: "rules/none.smk"\n${RULES}` }],
    ['the workflow in workflow/', { 'workflow/Snakefile': 'import socket\n' }],
  ])('uncertain: %s', (_n, files) => {
    expect(run('snakemake -n', files).codes).toContain('dynamic-script');
  });
  it('a workflow in another folder is not followed', () => {
    expect(run('snakemake -n -d other', { Snakefile: RULES }).codes).toContain('dynamic-script');
  });
});

describe('a real run runs the shell commands and handlers', () => {
  it('the onstart handler that wipes the home folder', () => {
    expect(run('snakemake -c1', { Snakefile: RULES }).categories).toContain('destructive_root_delete');
  });
  it('a script a rule names is not read', () => {
    expect(
      run('snakemake -c1', { Snakefile: 'rule a:\n    output: "x"\n    script: "scripts/a.py"\n' }).codes,
    ).toContain('dynamic-script');
  });
  it('values given on the line reach the rules', () => {
    expect(
      run("snakemake -c1 --config years='[1]'", { Snakefile: 'rule a:\n    shell: "echo"\n' }).codes,
    ).toContain('dynamic-script');
  });
  it('its version and usage read nothing', () => {
    expect(run('snakemake --version', { Snakefile: 'import socket\n' })).toEqual({
      categories: [],
      codes: [],
    });
  });
});
