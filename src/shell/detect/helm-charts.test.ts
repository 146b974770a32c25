// What helm template/lint/show read of a workspace chart: a symbolic link anywhere in the chart (a values file, a
// template, a file `.Files.Get` reads) is followed by helm's loader, so it makes the command uncertain. Real files
// and links in a temp folder; nothing is ever run.
import { realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const CHART = {
  'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'chart/values.yaml': 'replicas: 1\n',
  'chart/templates/deploy.yaml': 'kind: Deployment\nspec:\n  replicas: {{ .Values.replicas }}\n',
};

function reasons(command: string, link?: [string, string]): string {
  p = diskProject('helm-');
  p.write(CHART);
  p.write({ [`${p.away}/kube-config`]: 'apiVersion: v1\nusers:\n- name: x\n  user:\n    token: abc\n' });
  if (link) symlinkSync(join(p.away, 'kube-config'), join(p.root, link[0]));
  // The real path of what a word names, as the hook's reader gives it.
  const real = (abs: string) => {
    try {
      return realpathSync(abs);
    } catch {
      return undefined;
    }
  };
  const a = analyzeShellSync(command, { ...p.env(), realpath: real });
  return [...a.hits.map((h) => h.category), ...a.uncertain.map((u) => u.reason)].join('\n');
}

describe('helm reads a workspace chart as its loader does', () => {
  it.each([
    'helm template web chart',
    'helm lint chart',
    'helm show values chart',
    'helm template web chart -f chart/values.yaml',
  ])('%s: a chart of plain files stays quiet', (command) => expect(reasons(command)).toBe(''));
  it.each<[string, string, string]>([
    ['values.yaml a link', 'helm show values chart', 'chart/values-link.yaml'],
    ['a template a link', 'helm template web chart', 'chart/templates/leak.yaml'],
    ['a file a link', 'helm lint chart', 'chart/kube'],
    ['a values file a link', 'helm template web chart -f values-dev.yaml', 'values-dev.yaml'],
    ['the chart a link', 'helm template web linked', 'linked'],
    ['a values file attached to -f', 'helm template web chart -fvalues-dev.yaml', 'values-dev.yaml'],
    ['a values file after --values=', 'helm lint chart --values=values-dev.yaml', 'values-dev.yaml'],
  ])('%s: uncertain', (_name, command, link) => {
    expect(reasons(command, [link, ''])).toMatch(/symbolic link/);
  });
  it('a values file named at run time, and a chart packed in an archive, are uncertain', () => {
    expect(reasons('helm template web chart -f "$VALUES"')).toMatch(/run time/);
    p?.remove();
    p = diskProject('helm-');
    p.write({ 'web-0.1.0.tgz': 'not listed here' });
    const a = analyzeShellSync('helm template web web-0.1.0.tgz', p.env());
    expect(a.uncertain.map((u) => u.reason).join('\n')).toMatch(/cannot list whole/);
  });
  // The .NET/infrastructure review: `helm template x bitnami/nginx` was allowed with no such folder here; helm fetched
  // the chart from a repository of the user's configuration.
  it.each([
    'helm template web bitnami/nginx',
    'helm show values bitnami/nginx',
    'helm template web oci://registry.example/charts/web',
    'helm template web nginx --repo https://charts.example',
    'helm lint https://charts.example/web-0.1.0.tgz',
  ])('a chart fetched from a repository is uncertain: %s', (command) => {
    expect(reasons(command)).toMatch(/repository/);
  });
  it('a values file outside the workspace attached to -f is uncertain', () => {
    expect(reasons('helm template web chart -f/etc/hosts')).not.toBe('');
  });
});
