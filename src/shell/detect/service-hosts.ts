/**
 * The remote host a service's command-line client talks to without naming it (`gh` reaches GitHub, `aws` its
 * endpoints): recorded on the segment like any stated destination, so what is written into the client's words
 * (a credential-shaped literal in `gh issue create --body`) is judged as leaving this machine. An endpoint option
 * naming this machine (`aws --endpoint-url http://localhost:4566`) makes it local. Subcommands whose business is
 * credentials (logging in, a secret store) record nothing: a credential handed to its own store is that
 * command's purpose, and what it does is decided elsewhere. Pure apart from reporting.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import { hostOf, isLocalHost } from './network-target';

interface ServiceClient {
  /** The host its requests go to when no option names another. */
  readonly host: string;
  /** Options whose value names the endpoint or host instead. */
  readonly endpoint: readonly string[];
  /** First subcommands (or `group:command` prefixes) whose business is credentials. */
  readonly credentials: readonly string[];
}

const GITHUB: ServiceClient = {
  host: 'api.github.com',
  endpoint: ['--hostname'],
  credentials: ['auth', 'secret'],
};
const GOOGLE: ServiceClient = {
  host: 'googleapis.com',
  endpoint: [],
  credentials: ['auth', 'secrets', 'config'],
};
const FLY: ServiceClient = { host: 'api.fly.io', endpoint: [], credentials: ['auth', 'secrets', 'tokens'] };

/** Lower-cased program name to its service. */
const CLIENTS: Readonly<Record<string, ServiceClient>> = {
  gh: GITHUB,
  hub: GITHUB,
  glab: {
    host: 'gitlab.com',
    endpoint: ['--hostname'],
    credentials: ['auth', 'secret', 'variable', 'token'],
  },
  aws: {
    host: 'amazonaws.com',
    endpoint: ['--endpoint-url', '--endpoint'],
    credentials: ['configure', 'secretsmanager', 'ssm', 'sso', 'login'],
  },
  gcloud: GOOGLE,
  gsutil: GOOGLE,
  bq: GOOGLE,
  az: { host: 'management.azure.com', endpoint: [], credentials: ['login', 'keyvault', 'account'] },
  heroku: {
    host: 'api.heroku.com',
    endpoint: [],
    credentials: ['auth', 'login', 'config', 'authorizations'],
  },
  vercel: { host: 'api.vercel.com', endpoint: [], credentials: ['login', 'env', 'secrets'] },
  netlify: { host: 'api.netlify.com', endpoint: [], credentials: ['login', 'env'] },
  fly: FLY,
  flyctl: FLY,
  doctl: { host: 'api.digitalocean.com', endpoint: [], credentials: ['auth'] },
  wrangler: { host: 'api.cloudflare.com', endpoint: [], credentials: ['login', 'secret', 'config'] },
  firebase: { host: 'firebase.googleapis.com', endpoint: [], credentials: ['login', 'functions'] },
  railway: { host: 'backboard.railway.app', endpoint: [], credentials: ['login', 'variables'] },
  supabase: { host: 'api.supabase.com', endpoint: [], credentials: ['login', 'secrets'] },
  stripe: { host: 'api.stripe.com', endpoint: ['--api-base'], credentials: ['login', 'config'] },
  hcloud: { host: 'api.hetzner.cloud', endpoint: [], credentials: ['context'] },
  'linode-cli': { host: 'api.linode.com', endpoint: [], credentials: ['configure'] },
  doppler: { host: 'api.doppler.com', endpoint: [], credentials: ['login', 'secrets', 'configure', 'setup'] },
  'huggingface-cli': { host: 'huggingface.co', endpoint: [], credentials: ['login', 'auth'] },
  hf: { host: 'huggingface.co', endpoint: [], credentials: ['login', 'auth'] },
};

/**
 * The subcommand: the first word that is not an option, or the one after it when an option without `=` came
 * first and the word may be its value (`aws --profile p configure`).
 */
function subcommands(inv: Invocation): string[] {
  const out: string[] = [];
  let afterOption = false;
  for (const w of inv.args) {
    const t = optionText(w);
    if (t.startsWith('-')) {
      if (out.length === 0) afterOption = !t.includes('=');
      continue;
    }
    out.push(t.toLowerCase());
    if (out.length === (afterOption ? 2 : 1)) break;
  }
  return out;
}

/** The host an endpoint option names (`--endpoint-url=URL` or `--endpoint-url URL`), if one does. */
function endpointHost(inv: Invocation, names: readonly string[]): string | undefined {
  for (let i = 0; i < inv.args.length; i++) {
    const t = optionText(inv.args[i]);
    for (const name of names) {
      if (t === name) return hostOrBare(plain(inv.args[i + 1]));
      if (t.startsWith(`${name}=`)) return hostOrBare(t.slice(name.length + 1));
    }
  }
  return undefined;
}

function hostOrBare(text: string): string {
  return hostOf(text) ?? text.replace(/[:/].*$/, '');
}

/** Records the service's host on the segment (nothing for a program that is no service client). */
/** The programs serviceHost looks at. */
export const SERVICE_HOST_PROGRAMS = () => Object.keys(CLIENTS);

export function serviceHost(inv: Invocation, r: Reporter): void {
  const client = CLIENTS[inv.program];
  if (client === undefined) return;
  const credentials = (command: string) =>
    client.credentials.some((c) => command === c || command.startsWith(`${c}:`));
  if (subcommands(inv).some(credentials)) return;
  const named = endpointHost(inv, client.endpoint);
  // An endpoint option with no readable host (computed at run time) is somewhere else: not this machine.
  const host = named === undefined || named === '' ? client.host : named;
  r.host(inv.segment, {
    host,
    local: named !== undefined && named !== '' && isLocalHost(host),
    via: inv.program,
  });
}

/** Is `program` a service's own client (its requests go to that service's host)? */
export function isServiceClient(program: string): boolean {
  return Object.hasOwn(CLIENTS, program);
}
