/**
 * Programs that print secrets without a sensitive path among their operands: a process list with every
 * environment (`ps e`), a query language reading the environment or a file (`jq env`, `yq load_str(...)`),
 * container and infrastructure state (`docker inspect`, `terraform output`/`show`), and options whose value is
 * a file the program reads and echoes (`clang-format --style=file:PATH`, `jq --rawfile`, `grep -f`). Pure apart
 * from reporting.
 */

import { isSecretVariable } from '../classify/secret-variable';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { touchPath } from './path-effects';

const QUERY = new Set(['jq', 'gojq', 'jaq', 'yq']);
/** jq's `env` and `$ENV`, yq's `env(X)`/`strenv(X)`/`envsubst`: the whole environment or one variable of it. */
const ENV_EXPR = /\$ENV\b|\$__loc__|(?<![.\w$"'])(?:(?:str)?env\b(?!\s*:)|envsubst\b)/;
/** yq's file loaders, with a literal path argument when there is one. */
const LOADER = /\bload(?:_str|_xml|_props|_base64|_yaml|_json)?\s*\(\s*("([^"]*)"|[^)]*)/g;
const TERRAFORM = new Set(['terraform', 'tofu', 'terragrunt']);
/** `docker compose config` options that print names (or nothing) instead of the resolved project. */
const COMPOSE_NAMES_ONLY = new Set([
  '--services',
  '--volumes',
  '--images',
  '--profiles',
  '--networks',
  '--hash',
  '-q',
  '--quiet',
]);
const CONTAINER = new Set(['docker', 'podman', 'nerdctl']);
const CLUSTER = new Set(['kubectl', 'oc', 'k3s', 'microk8s']);
/** kubectl options that take a value as the next word (so it is no resource name). */
const KUBECTL_VALUED =
  /^(-n|--namespace|--context|--cluster|--user|-l|--selector|--field-selector|-o|--output|--kubeconfig|--server|-s|--token|--as|--as-group|--template|--sort-by|-c|--container|--chunk-size|--request-timeout)$/;
/** Outputs that print an object's fields, a Secret's `data` included (`-o name` and `-o wide` do not). */
const KUBECTL_VALUES =
  /^(yaml|json|jsonpath|go-template|template|custom-columns|jsonpath-file|go-template-file)\b/;
/** Helm subcommands that print a release's values or rendered manifests (Secrets inside). */
const HELM_PRINTS = new Set(['values', 'all', 'manifest']);

/** `kubectl get secret(s) ... -o yaml|json|jsonpath|go-template`: the values of cluster Secrets. */
function clusterSecrets(inv: Invocation, r: Reporter, words: readonly string[]): void {
  const k8s = inv.program === 'microk8s' || inv.program === 'k3s' ? words.slice(1) : words;
  const pos: string[] = [];
  let output: string | undefined;
  for (let i = 0; i < k8s.length; i++) {
    const w = k8s[i] ?? '';
    const eq = /^(-o|--output|--template)=(.*)$/.exec(w) ?? /^-o(.+)$/.exec(w);
    if (eq) {
      output = eq[2] ?? eq[1];
      continue;
    }
    if (KUBECTL_VALUED.test(w)) {
      if (w === '-o' || w === '--output') output = k8s[i + 1];
      if (w === '--template') output = 'go-template';
      i++;
      continue;
    }
    if (!w.startsWith('-')) pos.push(w);
  }
  if (pos[0] !== 'get' || output === undefined || !KUBECTL_VALUES.test(output)) return;
  const kinds = pos.slice(1).flatMap((w) => w.split(',').map((x) => (x.split('/')[0] ?? '').toLowerCase()));
  if (kinds.some((k) => /^(secrets?|secret\.v1|secrets\.v1)$/.test(k)))
    say(r, inv, 'prints the values of cluster secrets');
}

/** A Go template of literal text and plain field paths only. */
const FIELDS_ONLY = /^(?:[^{}]|\{\{\s*\.[A-Za-z][\w.]*\s*\}\})*$/;

function say(r: Reporter, inv: Invocation, why: string): void {
  r.hit('secret_material_read', `\`${inv.program}\` ${why}`, inv.segment);
}

/** A word standing for a path at `text`'s offset `from` within `w`. */
function sub(w: Word, from: number): Word {
  return { text: w.text.slice(from), flow: w.flow };
}

function queryLanguage(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    if ((t === '--rawfile' || t === '--slurpfile') && args[i + 2]) {
      touchPath(args[i + 2] as Word, 'read', inv, r);
      i += 2;
      continue;
    }
    if (t.startsWith('-')) continue;
    if (ENV_EXPR.test(t)) say(r, inv, 'prints the environment, secrets included');
    for (const m of t.matchAll(LOADER)) {
      const path = m[2];
      if (path === undefined)
        r.uncertain('dynamic-path', `\`${inv.program}\` loads a file it computes`, inv.segment);
      else touchPath({ text: path, flow: (args[i] as Word).flow }, 'read', inv, r);
    }
  }
}

/** Printers whose arguments are their output: a secret-named variable among them is printed. */
const PRINTERS = new Set(['echo', 'printf']);
/** Filters that copy their input to their output, whole or transformed (a secret in is a secret out). */
const COPIERS = new Set([
  'cat',
  'tac',
  'rev',
  'tee',
  'head',
  'tail',
  'xxd',
  'od',
  'hexdump',
  'base64',
  'base32',
  'basenc',
  'tr',
  'cut',
  'fold',
  'nl',
  'sed',
  'sort',
  'uniq',
  'paste',
  'column',
  'iconv',
  'strings',
  'fmt',
  'expand',
  'dd',
]);
/** Programs that resolve the names they are given through DNS. */
const LOOKUPS = new Set([
  'dig',
  'nslookup',
  'host',
  'drill',
  'kdig',
  'ping',
  'ping6',
  'traceroute',
  'whois',
  'getent',
]);

/** Builtins that print variables with their values (`declare -p NAME`, `export -p`, `typeset`). */
const DECLARERS = new Set(['declare', 'typeset', 'export', 'readonly', 'local']);

/** A declaration builtin's printing: every variable (no names), or the named ones when one is a secret. */
function declarer(inv: Invocation, r: Reporter, words: readonly string[]): void {
  if (words.some((w) => /^-[a-zA-Z]*[fF]/.test(w))) return;
  const names = inv.args.filter((w) => !/^[-+]/.test(plain(w)));
  if (names.length === 0) say(r, inv, 'prints every variable with its value, secrets included');
  else if (names.some((w) => !isLiteral(w) || isSecretVariable(plain(w))))
    say(r, inv, 'prints a variable that holds secret material');
}

export function detectSecretPrinters(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  const words = inv.args.map((w) => optionText(w));
  if (DECLARERS.has(p)) {
    declarer(inv, r, words);
    return;
  }
  // A lookup of a name built from a secret sends it to whichever name server answers for that domain.
  if (LOOKUPS.has(p) && inv.args.some((w) => w.flow.sensitive)) {
    r.exfiltration(inv.segment, `\`${p}\` looks up a name built from secret material, which sends it out`);
    return;
  }
  // `cat <<< "$TOKEN"`, `rev <<< $TOKEN`: a filter copies a secret-named variable on its stdin to its output.
  if (COPIERS.has(p) && inv.stdin.sensitive && inv.stdin.envSecrets) {
    say(r, inv, 'prints a variable that holds secret material from its input');
    return;
  }
  if (PRINTERS.has(p) && inv.args.some((w) => w.flow.sensitive)) {
    say(r, inv, 'prints a variable that holds secret material');
    return;
  }
  if (p === 'ps') {
    // BSD-style options without a dash: `e` adds every process's environment (`ps eww`, `ps auxe`).
    // A word after an option is that option's value (`ps -o user`), not a BSD option cluster.
    const bsd = words.filter((_w, k) => k === 0 || !(words[k - 1] ?? '').startsWith('-'));
    if (bsd.some((w) => !w.startsWith('-') && /^[a-zA-Z]+$/.test(w) && w.includes('e')))
      say(r, inv, 'prints the environment of every process');
    return;
  }
  if (QUERY.has(p)) {
    queryLanguage(inv, r);
    return;
  }
  if (TERRAFORM.has(p)) {
    const pos = words.filter((w) => !w.startsWith('-'));
    const [cmd, next] = pos;
    // `show PLANFILE` renders a saved plan as `plan` prints it (sensitive values hidden); with no file it prints
    // the state, and `-json` prints sensitive values too.
    const plan =
      cmd === 'show' &&
      pos.length === 2 &&
      !/\.tfstate(\.|$)/.test(next ?? '') &&
      !words.some((w) => /^--?json$/.test(w));
    if (
      (cmd === 'output' || cmd === 'show' || (cmd === 'state' && (next === 'pull' || next === 'show'))) &&
      !plan
    )
      say(r, inv, `${cmd} prints state values, sensitive ones included`);
    return;
  }
  if (CLUSTER.has(p)) {
    clusterSecrets(inv, r, words);
    return;
  }
  if (p === 'helm') {
    const pos = words.filter(
      (w, k) =>
        !w.startsWith('-') && !/^(-n|--namespace|--kube-context|--revision)$/.test(words[k - 1] ?? ''),
    );
    if (pos[0] === 'get' && HELM_PRINTS.has(pos[1] ?? ''))
      say(r, inv, `get ${pos[1]} prints a release's values or manifests, secrets included`);
    return;
  }
  if (CONTAINER.has(p)) {
    const pos = words.filter((w) => !w.startsWith('-'));
    const inspect =
      pos[0] === 'inspect' ||
      (pos[1] === 'inspect' && ['container', 'service', 'secret'].includes(pos[0] ?? ''));
    // Every format given, in any spelling (`-f X`, `--format=X`, `-sf X`, `-fX`): the CLI keeps the last one.
    const formats: (Word | undefined)[] = [];
    for (let k = 0; k < words.length; k++) {
      const w = words[k] ?? '';
      const arg = inv.args[k] as Word;
      if (w.startsWith('--format=')) formats.push(sub(arg, arg.text.indexOf('=') + 1));
      else if (w === '--format' || /^-[A-Za-z]*f$/.test(w)) formats.push(inv.args[++k]);
      else if (/^-[A-Za-z]*f./.test(w) && !w.startsWith('--')) formats.push(undefined);
    }
    // A format of field paths alone (`{{.State.Status}}`, `{{.NetworkSettings.IPAddress}}`) none of which is the
    // environment or the configuration holding it; a function, a range, the whole document (`{{printf "%v" .}}`), a
    // format glued to its option or one known only at run time may print it.
    const narrow =
      formats.length > 0 &&
      formats.every((f) => {
        if (f === undefined || !isLiteral(f)) return false;
        const text = plain(f);
        return FIELDS_ONLY.test(text) && !/env|config|secret|json|\$/i.test(text);
      });
    // `docker inspect` alone is no printer the analysis names (the catalogue does not know it: the document holds
    // the environment); a format that may print the environment or the whole config is a read of it.
    if (inspect && formats.length > 0 && !narrow)
      say(r, inv, 'inspect prints container configuration, its environment included');
    // `config --services` (or volumes, images, profiles, networks, a hash, `-q`) prints names or nothing.
    const namesOnly =
      words.some((w) => COMPOSE_NAMES_ONLY.has(w)) &&
      !words.some((w) => /^--(environment|variables)$/.test(w));
    if (pos[0] === 'compose' && (pos.includes('config') || pos.includes('convert')) && !namesOnly)
      say(r, inv, 'compose config prints the project with its environment files filled in');
    return;
  }
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i] as Word;
    const t = plain(w);
    const style = /^--?style=file:/.exec(t);
    if (style) touchPath(sub(w, w.text.indexOf('file:') + 5), 'read', inv, r);
    if ((p === 'grep' || p === 'egrep' || p === 'fgrep' || p === 'rg') && (t === '-f' || t === '--file')) {
      const next = inv.args[i + 1];
      if (next) touchPath(next, 'read', inv, r);
    } else if ((p === 'grep' || p === 'rg') && t.startsWith('--file=')) touchPath(sub(w, 7), 'read', inv, r);
    if (/^--(from|to)-file=/.test(t)) touchPath(sub(w, w.text.indexOf('=') + 1), 'read', inv, r);
  }
}
