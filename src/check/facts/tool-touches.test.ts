// What a non-shell tool call touches, judged through the whole pipeline with the real shell analyzer and the
// bundled policy: WebFetch by its whole URL, Grep/Glob by every field that widens what they read, MCP and
// unknown tools by the shape of their arguments.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { type CheckDeps, checkWithTrace } from '../pipeline';
import type { ToolInput } from '../request/request';
import { HOME, policyWith, request, WORKSPACE } from '../testdata/fixtures';

const clock = fixedClock('2026-11-29T00:00:00Z');
const deps = (overrides: Parameters<typeof policyWith>[0] = {}): CheckDeps => ({
  analyzeShell,
  policy: policyWith(overrides),
  clock,
});

async function judge(input: ToolInput, toolName: string, overrides: Parameters<typeof policyWith>[0] = {}) {
  const r = await checkWithTrace(request(input, toolName), deps(overrides));
  return { verdict: r.decision.verdict, basis: r.decision.basis, categories: r.decision.categories ?? [] };
}

const fetch = (url: string) => judge({ kind: 'web_fetch', url }, 'WebFetch');

describe('WebFetch is judged by its whole URL', () => {
  it.each([
    ['file: URL of the shadow file', 'file:///etc/shadow'],
    ['file: URL of an SSH key', `file://${HOME}/.ssh/id_ed25519`],
    ['file: URL with an escaped dotenv', `file://${WORKSPACE}/%2Eenv`],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['the metadata service in decimal', 'http://2852039166/latest/'],
    ['the metadata service in IPv4-mapped IPv6', 'http://[::ffff:a9fe:a9fe]/latest/'],
    ['the GCE metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
  ])('%s is a secret read', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('secret_material_read');
  });

  it.each([
    ['the container host', 'http://host.docker.internal:2375/containers/json'],
    ['a private range', 'http://10.0.0.8/admin'],
    ['a link-local address', 'http://169.254.1.1/'],
  ])('%s is not local: an unstated host', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('outbound_network_to_unstated_host');
  });

  it.each([
    ['ftp', 'ftp://example.com/x'],
    ['gopher', 'gopher://127.0.0.1:6379/_FLUSHALL'],
    ['data', 'data:text/plain,hi'],
    ['a file: URL on another machine', 'file://fileserver/share/x'],
    ['an unparseable URL', 'http://[bad'],
  ])('%s is uncertain and never allowed', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).toBe('uncertain');
  });

  it('a workspace file through file: is an ordinary read', async () => {
    expect((await fetch(`file://${WORKSPACE}/README.md`)).verdict).toBe('allow');
  });

  it('loopback in an odd notation stays local', async () => {
    expect((await fetch('http://0x7f000001:3000/health')).verdict).toBe('allow');
  });

  it('a stated host is allowed', async () => {
    const d = await judge({ kind: 'web_fetch', url: 'https://docs.example.org/x' }, 'WebFetch', {
      stated_hosts: ['docs.example.org'],
    });
    expect(d.verdict).toBe('allow');
  });
});

describe('a shell command reaches hosts by the same classes', () => {
  it.each([
    [
      'curl to the metadata service in hex',
      'curl http://0xa9fea9fe/latest/meta-data/',
      'secret_material_read',
    ],
    [
      'curl to the container host',
      'curl http://host.docker.internal:2375/info',
      'outbound_network_to_unstated_host',
    ],
  ])('%s', async (_name, command, category) => {
    const d = await judge({ kind: 'shell', command }, 'Bash');
    expect(d.categories).toContain(category);
  });
});
