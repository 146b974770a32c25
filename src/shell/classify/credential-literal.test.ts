// Credentials written as literals into files a person keeps, against the forms that take the value from elsewhere
// when they run (a variable, a substitution, a placeholder, a call, another setting).
import { describe, expect, it } from 'vitest';
import { carriesCredentialLiteral } from './credential-literal';

describe('a credential set to a literal value is carried', () => {
  it.each([
    [
      'a script setting a password',
      '#!/bin/sh\nDB_PASS=hunter2secret\npsql "postgres://admin:$DB_PASS@db/prod"\n',
    ],
    ['an exported token', 'export API_TOKEN=abcdef123456\n'],
    ['a variable before a command', 'PGPASSWORD=s3cr3tpw psql -h db\n'],
    ['a YAML password', 'database:\n  user: app\n  password: "Tr0ub4dor"\n'],
    ['a JSON api key', '{"name": "x", "api_key": "0123456789abcdef"}\n'],
    ['an ini secret', '[deploy]\nsecret = kq93jd83hd\n'],
    ['an option with an equals sign', 'mysql --password=Tr0ub4dor -h db\n'],
    ['an option with its value next', 'vault login --token s.abcdef123456\n'],
    [
      'an alias with a bearer token',
      `alias api='curl -H "Authorization: Bearer abcdef0123456789abcdef" https://api.x.io'\n`,
    ],
    ['a client given user and password', 'curl -u admin:hunter22 https://ci.example.com\n'],
    ['a URL with a password', 'DATABASE_URL=postgres://admin:hunter22@db:5432/prod\n'],
    ['mysql given a password', 'mysql -uroot -pXk29fjq7Lm mydb\n'],
    ['sshpass given a password', 'sshpass -p Xk29fjq7Lm ssh me@host\n'],
    ['a registry login with a password', 'docker login -u me -p Xk29fjq7Lm registry.example.com\n'],
    ['openssl given a key', 'openssl enc -aes-256-cbc -in a -out b -k Xk29fjq7Lm\n'],
    [
      'an inline git credential helper',
      '[credential]\n\thelper = "!f() { echo username=bob; echo password=s3cretpass; }; f"\n',
    ],
  ])('%s', (_n, text) => {
    expect(carriesCredentialLiteral(text)).toBe(true);
  });
});

describe('a value taken from elsewhere when it runs is none', () => {
  it.each([
    ['a variable', 'export API_TOKEN=$VAULT_TOKEN\n'],
    ['a braced variable', 'password: ${DB_PASSWORD}\n'],
    ['a command substitution', 'export GITHUB_TOKEN=$(pass show gh)\n'],
    ['a placeholder', 'password: <your password>\n'],
    ['a call', 'password = getpass.getpass()\n'],
    ['another setting', 'token = config.token\n'],
    ['an environment lookup', 'token = os.environ["TOKEN"]\n'],
    ['a type annotation', 'interface Login { password: string }\n'],
    ['a switch', 'auth: true\npassword: false\n'],
    ['a short value', 'pass=1\n'],
    ['a URL with a user only', 'git clone https://bob@example.com/repo.git\n'],
    ['a URL with a password variable', 'psql "postgres://admin:$DB_PASS@db/prod"\n'],
    [
      'a name that goes on past the word',
      'PASSWORD_FILE=/run/secrets/db\nTOKEN_URL=https://auth.example.com/token\n',
    ],
    ['mysql asking for the password', 'mysql -u root -p mydb\n'],
    [
      'a registry login reading the password from standard input',
      'docker login -u me --password-stdin registry.example.com\n',
    ],
    ['prose', 'Set the password in your keychain; the token expires after a day.\n'],
    ['an authorization header from a variable', 'curl -H "Authorization: Bearer $TOKEN" https://api.x.io\n'],
  ])('%s', (_n, text) => {
    expect(carriesCredentialLiteral(text)).toBe(false);
  });
});
