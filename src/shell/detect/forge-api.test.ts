// Forge API calls that rewrite or delete a shared branch, delete a repository or remove branch protection
// (forge-api.ts), through `gh api`, `glab api` or curl to the API host: the floor, as `git push -f` is; a feature
// branch, an update without force and every read stay as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { forgeEndpoint } from './forge-api';

beforeAll(async () => {
  await loadShellParser();
});

const env = shellEnv();
const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

const REWRITES: [string, string][] = [
  [
    'gh api force-updating main',
    'gh api -X PATCH repos/acme/app/git/refs/heads/main -f sha=0000000000000000000000000000000000000000 -F force=true',
  ],
  ['gh api deleting main', 'gh api -X DELETE repos/acme/app/git/refs/heads/main'],
  ['gh api with --method= deleting master', 'gh api --method=DELETE /repos/acme/app/git/refs/heads/master'],
  ['gh api deleting the repository', 'gh api --method DELETE repos/acme/app'],
  ['glab api deleting main', 'glab api -X DELETE projects/42/repository/branches/main'],
  ['glab api deleting the project', 'glab api -X DELETE projects/acme%2Fapp'],
  [
    'curl force-updating main',
    `curl -X PATCH -H 'Authorization: token x' https://api.github.com/repos/acme/app/git/refs/heads/main -d '{"sha":"0000","force":true}'`,
  ],
  [
    'curl deleting a GitLab default branch',
    'curl -X DELETE https://gitlab.com/api/v4/projects/42/repository/branches/main',
  ],
];

const CONTROLS: [string, string][] = [
  ['gh api removing branch protection', 'gh api -X DELETE repos/acme/app/branches/main/protection'],
  [
    'gh api removing required reviews',
    'gh api -X DELETE repos/acme/app/branches/main/protection/required_pull_request_reviews',
  ],
  ['gh api deleting a ruleset', 'gh api -X DELETE repos/acme/app/rulesets/7'],
  [
    'gh api rewriting protection with its checks off',
    'gh api -X PUT repos/acme/app/branches/main/protection -F enforce_admins=false -F required_status_checks=null',
  ],
  [
    'curl removing a GitLab protected branch',
    'curl -X DELETE https://gitlab.com/api/v4/projects/42/protected_branches/main',
  ],
];

const ORDINARY: [string, string][] = [
  ['gh api reading main', 'gh api repos/acme/app/git/refs/heads/main'],
  ['gh api reading protection', 'gh api repos/acme/app/branches/main/protection'],
  [
    'gh api tightening protection',
    'gh api -X PUT repos/acme/app/branches/main/protection -F enforce_admins=true -F restrictions=null',
  ],
  ['gh api fast-forwarding main', 'gh api -X PATCH repos/acme/app/git/refs/heads/main -f sha=abc'],
  [
    'gh api force-updating a feature branch',
    'gh api -X PATCH repos/acme/app/git/refs/heads/feat/x -f sha=abc -F force=true',
  ],
  ['gh api deleting a merged feature branch', 'gh api -X DELETE repos/acme/app/git/refs/heads/feat/x'],
  ['curl reading the repository', 'curl -s https://api.github.com/repos/acme/app'],
];

describe('forge API calls on shared refs', () => {
  it.each(REWRITES)('%s rewrites a shared ref', (_name, command) => {
    expect(categories(command)).toContain('history_rewrite_on_shared_ref');
  });

  it.each(CONTROLS)('%s turns a control off', (_name, command) => {
    expect(categories(command)).toContain('disable_security_control');
  });

  it.each(ORDINARY)('%s is neither', (_name, command) => {
    const found = categories(command);
    expect(found).not.toContain('history_rewrite_on_shared_ref');
    expect(found).not.toContain('disable_security_control');
  });

  it('finds the endpoint of GitHub, GitHub Enterprise and GitLab API URLs only', () => {
    expect(forgeEndpoint('https://api.github.com/repos/o/r?x=1')).toBe('/repos/o/r');
    expect(forgeEndpoint('https://ghe.example.com/api/v3/repos/o/r')).toBe('/repos/o/r');
    expect(forgeEndpoint('https://gitlab.example.com/api/v4/projects/1')).toBe('/projects/1');
    expect(forgeEndpoint('https://example.com/repos/o/r')).toBeUndefined();
  });
});
