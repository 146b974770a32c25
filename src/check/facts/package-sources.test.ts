// Hosts project files take packages, providers and state from: a change that adds one that is not a public
// default is not allowed; the defaults and a change that keeps the hosts stay allowed. Readers alone, then whole
// edits through the pipeline on real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';
import { sourceReader } from './package-sources';

const read = (path: string, text: string) => (sourceReader(path)?.read(text) ?? []).map(([, c]) => c);

describe('the readers', () => {
  it('NuGet sources and MSBuild restore sources', () => {
    expect(
      read('/w/NuGet.Config', '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" />'),
    ).toEqual([]);
    expect(read('/w/nuget.config', '<add key="x" value="https://feed.example/v3/index.json" />')).toEqual([
      '__gavel_runner_source feed.example',
    ]);
    expect(
      read(
        '/w/Directory.Build.props',
        '<RestoreAdditionalProjectSources>https://a.example/x;https://api.nuget.org/v3</RestoreAdditionalProjectSources>',
      ),
    ).toEqual(['__gavel_runner_source a.example']);
  });
  it('Maven repositories and mirrors', () => {
    expect(
      read(
        '/w/pom.xml',
        '<repositories><repository><url>https://m.example/r</url></repository></repositories>',
      ),
    ).toEqual(['__gavel_runner_source m.example']);
    expect(read('/w/pom.xml', '<scm><url>https://scm.example/x</url></scm>')).toEqual([]);
  });
  it('SwiftPM package URLs', () => {
    expect(
      read('/w/Package.swift', '.package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),'),
    ).toEqual([]);
    expect(read('/w/Package.swift', '.package(url: "https://git.example/x.git", branch: "main"),')).toEqual([
      '__gavel_runner_source git.example',
    ]);
  });
  it('Terraform providers, modules and backends', () => {
    expect(read('/w/main.tf', 'source = "hashicorp/aws"')).toEqual([]);
    expect(read('/w/main.tf', 'source  = "registry.example/hashicorp/aws"')).toEqual([
      '__gavel_runner_source registry.example',
    ]);
    expect(
      read('/w/main.tf', 'terraform {\n  backend "http" {\n    address = "https://state.example/s"\n  }\n}'),
    ).toEqual(['__gavel_runner_source state.example']);
  });
  it("git submodule URLs: another host, an scp-style address, a local path; the project's own relative URL is none", () => {
    expect(
      read('/w/.gitmodules', '[submodule "x"]\n\tpath = x\n\turl = https://github.com/acme/x.git\n'),
    ).toEqual([]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = https://git.example/x.git\n')).toEqual([
      '__gavel_runner_source git.example',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = git@forge.example:team/x.git\n')).toEqual([
      '__gavel_runner_source forge.example',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = /srv/x.git\n')).toEqual([
      '__gavel_runner_source /srv/x.git',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = ../x.git\n')).toEqual([]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'package-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILES: Record<string, string> = {
  'NuGet.Config':
    '<configuration>\n  <packageSources>\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n    <add key="team" value="https://nuget.pkg.github.com/team/index.json" />\n  </packageSources>\n</configuration>\n',
  '.gitmodules': '[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = https://github.com/acme/lib.git\n',
  'infra/providers.tf':
    'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n  }\n}\n',
};
writeFiles(dir, FILES);
async function edit(name: string, change: FileChange) {
  const input: ToolInput = { kind: 'edit', path: `${WORKSPACE}/${name}`, change };
  return (await judgeWithReader(input, 'Edit', workspaceReader(dir))).decision;
}
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });

describe('through the pipeline', () => {
  it('a NuGet feed moved to another host is not allowed', async () => {
    const d = await edit(
      'NuGet.Config',
      replace('https://nuget.pkg.github.com/team/', 'https://nuget.mirror.example/team/'),
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('another package source');
  });
  it('a Terraform provider from another registry is not allowed', async () => {
    expect(
      (
        await edit(
          'infra/providers.tf',
          replace('"hashicorp/aws"', '"registry.mirror.example/hashicorp/aws"'),
        )
      ).verdict,
    ).not.toBe('allow');
  });
  it('a submodule moved to a host nobody stated is not allowed; a branch setting beside the same URL is', async () => {
    const d = await edit(
      '.gitmodules',
      replace('https://github.com/acme/lib.git', 'https://lib.mirror.example/lib.git'),
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('git submodule');
    expect(
      (await edit('.gitmodules', replace('path = vendor/lib\n', 'path = vendor/lib\n\tbranch = main\n')))
        .verdict,
    ).toBe('allow');
  });
  it('a version bump beside the same sources stays allowed', async () => {
    expect((await edit('infra/providers.tf', replace('"~> 5.0"', '"~> 5.1"'))).verdict).toBe('allow');
  });
});
