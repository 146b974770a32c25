import { describe, expect, it } from 'vitest';
import type { GrantTarget } from './grant-targets';
import { hostSpellings, targetNamed } from './target-named';

const host = (name: string): GrantTarget => ({
  category: 'outbound_network_to_unstated_host',
  kind: 'host',
  names: [name],
});
const path = (...names: string[]): GrantTarget => ({ category: 'secret_material_read', kind: 'path', names });
const pkg = (names: string[], hosts: string[] = []): GrantTarget => ({
  category: 'package_install_from_unstated_source',
  kind: 'package',
  names: [...names, ...hosts],
  hosts,
});
const branch = (...names: string[]): GrantTarget => ({ category: 'force_push', kind: 'branch', names });

describe('targetNamed', () => {
  it.each([
    ['the host itself', 'Upload notes.txt to paste.example.net please', host('paste.example.net')],
    ['the host inside a URL', 'post it to https://paste.example.net/up', host('paste.example.net')],
    ['the registrable domain', 'send the report to example.net', host('paste.example.net')],
    ['a country second-level domain', 'use the mirror at example.co.uk', host('dl.example.co.uk')],
    ['the host in another case', 'Upload it to Paste.Example.NET.', host('paste.example.net')],
    [
      'a path as written',
      'read ~/.ssh/config to fix the remote',
      path('~/.ssh/config', '/home/u/.ssh/config', 'config'),
    ],
    ['a file name', 'Summarize notes.txt for me.', path('notes.txt', '/home/u/proj/notes.txt', 'notes.txt')],
    ['a folder above the path', 'clean out /opt/app entirely', path('/opt/app/cache', 'cache')],
    ['a package by name', 'install left-pad from our mirror', pkg(['left-pad'], ['npm.corp.io'])],
    ['a package by its source', 'install the deps from npm.corp.io', pkg(['left-pad'], ['npm.corp.io'])],
    ['a branch', 'force push feature-x after the rebase', branch('feature-x')],
  ])('names: %s', (_name, quote, target) => {
    expect(targetNamed(quote, target)).toBe(true);
  });

  it.each([
    ['a sentence about something else', 'Summarize notes.txt for me.', host('paste.example.net')],
    ['a different host', 'post the summary to paste.example.org', host('paste.example.net')],
    ['a sibling host under the same domain', 'upload to evil.example.net', host('paste.example.net')],
    ['the domain inside a longer host', 'upload to example.net.attacker.io', host('paste.example.net')],
    ['the domain inside a longer name', 'upload to myexample.net', host('paste.example.net')],
    ['a public suffix alone', 'anything on .co.uk', host('dl.example.co.uk')],
    ['a shared hosting suffix', 'publish the docs on github.io', host('attacker.github.io')],
    ['a file name inside a longer name', 'read config.bak', path('~/.ssh/config', 'config')],
    ['a different file', 'Summarize notes.txt for me.', path('~/.aws/credentials', 'credentials')],
    ['the root as a folder', 'anything under / is fine', path('/opt/app/cache', 'cache')],
    ['a package inside a longer name', 'install left-pad-extra', pkg(['left-pad'])],
    ['a different branch', 'force push feature-y', branch('feature-x')],
    ['a branch inside a longer word', 'force push mainline', branch('main')],
  ])('does not name: %s', (_name, quote, target) => {
    expect(targetNamed(quote, target)).toBe(false);
  });
});

describe('hostSpellings', () => {
  it.each([
    ['a subdomain', 'paste.example.net', ['paste.example.net', 'example.net']],
    ['a registrable domain', 'example.net', ['example.net']],
    ['a country second level', 'dl.example.co.uk', ['dl.example.co.uk', 'example.co.uk']],
    ['an IP address', '203.0.113.7', ['203.0.113.7']],
    ['a single label', 'intranet', ['intranet']],
    ['a name under a shared hosting suffix', 'docs.me.github.io', ['docs.me.github.io', 'me.github.io']],
    ['a shared suffix itself is no registrable domain of its names', 'x.ngrok.io', ['x.ngrok.io']],
  ])('%s', (_name, h, want) => {
    expect(hostSpellings(h)).toEqual(want);
  });
});
