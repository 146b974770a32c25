// Secret-named environment variables (issue 11, class: a secret printed or sent through a variable).
import { describe, expect, it } from 'vitest';
import { isSecretVariable, ownVendorHost } from './secret-variable';

describe('isSecretVariable', () => {
  it.each([
    'GITHUB_TOKEN',
    'NPM_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'OPENAI_API_KEY',
    'ANTHROPIC_API_KEY',
    'STRIPE_SECRET_KEY',
    'DB_PASSWORD',
    'PGPASSWORD',
    'MYSQL_PWD',
    'CLIENT_SECRET',
    'JWT_SECRET',
    'TOKEN',
    'gh_token',
    'SENTRY_DSN',
    'GPG_PASSPHRASE',
    'DOCKER_PASS',
  ])('%s is a secret', (name) => {
    expect(isSecretVariable(name)).toBe(true);
  });

  it.each([
    'AWS_ACCESS_KEY_ID',
    'HOME',
    'PATH',
    'PWD',
    'OLDPWD',
    'SSH_AUTH_SOCK',
    'GITHUB_TOKEN_FILE',
    'GOOGLE_APPLICATION_CREDENTIALS_PATH',
    'NODE_ENV',
    'API_URL',
    'SSH_PUBLIC_KEY',
    'TOKEN_URL',
    'SORT_KEY',
    'USER',
    'DB_USER',
  ])('%s is not', (name) => {
    expect(isSecretVariable(name)).toBe(false);
  });
});

describe('ownVendorHost', () => {
  it.each([
    [['GITHUB_TOKEN'], 'api.github.com'],
    [['GH_TOKEN'], 'raw.githubusercontent.com'],
    [['SENTRY_TOKEN'], 'us.sentry.io'],
    [['NPM_TOKEN'], 'registry.npmjs.org'],
    [['OPENAI_API_KEY'], 'api.openai.com'],
  ])('%s to %s is its own vendor', (names, host) => {
    expect(ownVendorHost(names, host)).toBe(true);
  });

  it.each([
    [['GITHUB_TOKEN'], 'github.evil.example'],
    [['GITHUB_TOKEN'], 'evil-github.com'],
    [['GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY'], 'api.github.com'],
    [['DB_PASSWORD'], 'db.example'],
    [['GITHUB_TOKEN'], 'x.github.io'],
    [['AWS_SECRET_ACCESS_KEY'], 'x.execute-api.us-east-1.amazonaws.com'],
    [[], 'api.github.com'],
  ])('%s to %s is not', (names, host) => {
    expect(ownVendorHost(names, host)).toBe(false);
  });
});
