/**
 * Environment variables named as secrets (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`,
 * `OPENAI_API_KEY`), by the shape of the name: a word of the name says token, secret, password, private or API
 * key, credentials. A name that says where a secret is or which one (`*_KEY_ID`, `*_TOKEN_FILE`, `*_PATH`,
 * `*_URL`, `PUBLIC_KEY`) is not one. Pure.
 */

/** Words of a name (split on `_`) that make it a secret. */
const SECRET_WORD =
  /(^|_)(TOKEN|SECRET|SECRETS|PASSWORD|PASSWD|PASSPHRASE|PWD|PASS|APIKEY|CREDENTIALS?|PRIVATE_KEY|API_KEY|ACCESS_KEY|SECRET_KEY|SIGNING_KEY|ENCRYPTION_KEY|MASTER_KEY|AUTH|PAT|SESSION_KEY|CLIENT_SECRET|WEBHOOK_SECRET|DSN)(_|$)/;
/** A secret word glued to a prefix at the end (`PGPASSWORD`, `GHTOKEN`). */
const GLUED = /(TOKEN|SECRET|PASSWORD|PASSWD|APIKEY)$/;
/** Endings that name where a secret is, or which one, not the secret. */
const NOT_SECRET =
  /(_|^)(ID|IDS|FILE|PATH|DIR|URL|URI|NAME|TYPE|EXPIRY|EXPIRES|EXPIRES_AT|LENGTH|HEADER|PREFIX|ENABLED|DISABLED|REQUIRED|MODE|HOST|PORT|USER|USERNAME)$|(^|_)(PUBLIC|PUB)_KEY|^(OLDPWD|PWD)$|AUTH_SOCK$/;

/** True when `name` names a secret (case-insensitive, as people spell them in either case). */
export function isSecretVariable(name: string): boolean {
  const upper = name.toUpperCase();
  if (!/^[A-Z_][A-Z0-9_]*$/.test(upper)) return false;
  return (SECRET_WORD.test(upper) || GLUED.test(upper)) && !NOT_SECRET.test(upper);
}

/**
 * The domains where a vendor's own API answers, by the first word of its token's name. Only domains the vendor
 * alone serves: none where customers get hosts of their own (`*.amazonaws.com`, `*.vercel.app`, `*.github.io`).
 */
const VENDOR_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  github: ['github.com', 'githubusercontent.com'],
  gh: ['github.com', 'githubusercontent.com'],
  gitlab: ['gitlab.com'],
  npm: ['npmjs.org', 'npmjs.com'],
  sentry: ['sentry.io'],
  openai: ['openai.com'],
  anthropic: ['anthropic.com'],
  stripe: ['stripe.com'],
  slack: ['slack.com'],
  hf: ['huggingface.co'],
  huggingface: ['huggingface.co'],
  cloudflare: ['cloudflare.com'],
  cf: ['cloudflare.com'],
  vercel: ['vercel.com'],
  netlify: ['netlify.com'],
  heroku: ['heroku.com'],
  digitalocean: ['digitalocean.com'],
  do: ['digitalocean.com'],
  datadog: ['datadoghq.com', 'datadoghq.eu'],
  dd: ['datadoghq.com', 'datadoghq.eu'],
  pypi: ['pypi.org'],
  twine: ['pypi.org'],
  codecov: ['codecov.io'],
  docker: ['docker.com', 'docker.io'],
  dockerhub: ['docker.com', 'docker.io'],
  circleci: ['circleci.com'],
  linear: ['linear.app'],
  sendgrid: ['sendgrid.com'],
  twilio: ['twilio.com'],
  groq: ['groq.com'],
  mistral: ['mistral.ai'],
  cohere: ['cohere.com', 'cohere.ai'],
  replicate: ['replicate.com'],
};

/**
 * True when every secret variable named is the token of the vendor whose own API `host` is (`$GITHUB_TOKEN` to
 * `api.github.com`): presented to its own service, not sent away.
 */
export function ownVendorHost(names: readonly string[], host: string): boolean {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2 || names.length === 0) return false;
  const domain = labels.slice(-2).join('.');
  return names.every((name) => {
    const first = name.toLowerCase().split('_')[0] ?? '';
    return VENDOR_DOMAINS[first]?.includes(domain) ?? false;
  });
}
