/**
 * The kustomization a `kustomize build`, `kubectl kustomize` or `kubectl apply|create|diff|delete|replace -k`
 * renders, read before it runs (ADR 0089): `resources`, `bases` and `components` that are remote (a URL, `git::`,
 * `git@host:`, `host.tld/org/repo//path?ref=`) fetch from that host; local folders among them are read in turn
 * (bounded); one outside the workspace is not known. `helmCharts`/`helmChartInflationGenerator` run helm and fetch
 * charts; `generators`, `transformers` and `validators` that are not kustomize's built-in plugins (an exec or
 * container KRM function, a legacy plugin) run code when `--enable-alpha-plugins` is given (without it the
 * renderer refuses them: "external plugins disabled"). A kustomization gavel cannot parse, or one this command line
 * writes with content not shown or changes, is uncertain. Pure apart from the injected reader and reporting;
 * never quotes a file.
 * INVARIANT: what a kustomization makes the renderer fetch or run is reported, never silently allowed.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { readComposeYaml, type YamlValue } from './compose-yaml';
import { hostOf, networkTarget } from './network-target';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';

/** Kustomization files read per command (an overlay and its bases). */
const MAX_KUSTOMIZATIONS = 32;

/** The names kustomize looks for in a folder, in its order. */
const NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** Keys whose entries are files, folders or remote targets the renderer loads as resources. */
const RESOURCE_KEYS = ['resources', 'bases', 'components'];
/** Keys whose entries are plugin configurations (or folders rendering them). */
const PLUGIN_KEYS = ['generators', 'transformers', 'validators'];
/** Keys that make the renderer run helm and fetch charts. */
const HELM_KEYS = ['helmCharts', 'helmChartInflationGenerator', 'helmGlobals'];

interface Walk {
  inv: Invocation;
  r: Reporter;
  via: string;
  seen: Set<string>;
  stopped: boolean;
  /** `--enable-alpha-plugins` was given (or a word known only at run time may be it): plugins and functions run. */
  plugins: boolean;
}

function stop(w: Walk, why: string): void {
  if (w.stopped) return;
  w.stopped = true;
  w.r.uncertain('dynamic-script', `\`${w.via}\` ${why}`, w.inv.segment, 'kept');
}

/**
 * The URL a kustomize target fetches, or undefined for a local path. Kustomize reads `host.tld/org/repo` as a
 * repository only when no local path has that name, so such a name is remote unless it is there.
 */
function remoteUrl(entry: string, dir: string, w: Walk): string | undefined {
  const t = entry.replace(/^git::/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t;
  if (/^[\w.-]+@[\w.-]+:/.test(t)) return t;
  if (t !== entry || /\?ref=|\/\//.test(t)) return /^[\w-]+(\.[\w-]+)+\//.test(t) ? `https://${t}` : t;
  if (/^[\w-]+(\.[\w-]+)+\/[^/]+\/[^/]+/.test(t)) {
    const file = projectFile(posix.resolve(dir, t), w.inv, w.r);
    if (file.kind === 'missing') {
      const asFolder = NAMES.map((n) => projectFile(posix.resolve(dir, t, n), w.inv, w.r));
      if (asFolder.every((f) => f.kind === 'missing')) return `https://${t}`;
    }
  }
  return undefined;
}

function inWorkspace(path: string, w: Walk): boolean {
  const res = resolveArg({ text: path, flow: NO_FLOW }, w.inv, w.r);
  return res.class === 'workspace' && (res.real === undefined || res.real === res.resolved);
}

function fetches(url: string, w: Walk): void {
  // A target with no host gavel can name is still a fetch from elsewhere.
  if (hostOf(url) === undefined) stop(w, 'renders a base fetched from a place gavel cannot name');
  else networkTarget(url, w.via, w.inv, w.r);
}

/** Strings of a YAML list (a scalar is a list of one); undefined when an entry is not a string. */
function entries(v: YamlValue | undefined): string[] | undefined {
  if (v === undefined) return [];
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (!Array.isArray(v)) return undefined;
  const out: string[] = [];
  for (const x of v) {
    if (typeof x !== 'string') return undefined;
    out.push(x);
  }
  return out;
}

/** A plugin configuration kustomize runs without any program: `apiVersion: builtin`, no function annotation. */
function builtinPlugin(text: string): boolean {
  return (
    /^apiVersion:\s*["']?builtin["']?\s*$/m.test(text) &&
    !/config\.kubernetes\.io\/function|\b(exec|container|starlark)\s*:/.test(text)
  );
}

/** Reads the kustomization of `dir` and what it loads. */
function visit(dir: string, w: Walk): void {
  if (w.stopped || w.seen.has(dir)) return;
  w.seen.add(dir);
  if (w.seen.size > MAX_KUSTOMIZATIONS) {
    stop(w, `renders more kustomizations than one review follows (${MAX_KUSTOMIZATIONS})`);
    return;
  }
  if (!inWorkspace(dir, w)) {
    stop(w, 'renders a kustomization from outside the workspace');
    return;
  }
  let text: string | undefined;
  for (const name of NAMES) {
    const file = projectFile(inFolder(dir, name), w.inv, w.r);
    if (file.kind === 'unknown') {
      w.stopped = true;
      return;
    }
    if (file.kind === 'unread') return;
    if (file.kind === 'text') {
      text = file.text;
      break;
    }
  }
  if (text === undefined) return;
  const doc = readComposeYaml(text);
  if (!doc) {
    stop(w, 'renders a kustomization gavel cannot parse');
    return;
  }
  if (HELM_KEYS.some((k) => doc.has(k))) {
    stop(w, 'renders a kustomization that inflates helm charts: runs helm and fetches charts');
    return;
  }
  for (const key of PLUGIN_KEYS) {
    const list = entries(doc.get(key));
    if (list === undefined) {
      stop(w, 'renders a kustomization gavel cannot parse');
      return;
    }
    for (const entry of list) {
      // An exec or container function, or a legacy plugin, runs only with `--enable-alpha-plugins`: without
      // it the renderer refuses the kustomization and runs nothing of it.
      if (entry.includes('\n')) {
        if (!builtinPlugin(entry) && w.plugins) {
          stop(w, 'renders a kustomization that runs a plugin or function');
          return;
        }
        continue;
      }
      const url = remoteUrl(entry, dir, w);
      if (url) {
        stop(w, 'renders a kustomization whose plugins are fetched from elsewhere');
        return;
      }
      const path = posix.resolve(dir, entry);
      const file = projectFile(path, w.inv, w.r);
      if (file.kind === 'unknown') {
        w.stopped = true;
        return;
      }
      if (file.kind === 'unread') return;
      if (file.kind !== 'text' || (!builtinPlugin(file.text) && w.plugins) || !inWorkspace(path, w)) {
        stop(w, 'renders a kustomization that runs a plugin or function');
        return;
      }
    }
  }
  for (const key of RESOURCE_KEYS) {
    const list = entries(doc.get(key));
    if (list === undefined) {
      stop(w, 'renders a kustomization gavel cannot parse');
      return;
    }
    for (const entry of list) {
      if (w.stopped) return;
      const url = remoteUrl(entry, dir, w);
      if (url) {
        fetches(url, w);
        continue;
      }
      const path = posix.resolve(dir, entry);
      // A resource file is YAML the renderer copies; a folder is another kustomization.
      if (/\.(ya?ml|json)$/i.test(entry)) {
        if (!inWorkspace(path, w)) stop(w, 'renders a resource from outside the workspace');
        continue;
      }
      visit(path, w);
    }
  }
}

/** The folder a kustomize command renders (`.` when none), or null when it is known only at run time. */
function target(inv: Invocation): { via: string; word: string | null } | undefined {
  const program = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  const args = inv.args;
  const operand = (from: number): string | null => {
    for (let k = from; k < args.length; k++) {
      const t = optionText(args[k]);
      if (t.startsWith('-')) {
        if (
          /^(-o|--output|--load-restrictor|--reorder|--helm-command|--mount|--env|-e|--network-name)$/.test(t)
        )
          k++;
        continue;
      }
      return isLiteral(args[k]) ? plain(args[k]) : null;
    }
    return '.';
  };
  if (program === 'kustomize') {
    const at = args.findIndex((a) => !optionText(a).startsWith('-'));
    if (plain(args[at]) !== 'build') return undefined;
    return { via: 'kustomize build', word: operand(at + 1) };
  }
  if (program !== 'kubectl' && program !== 'oc') return undefined;
  const sub = args.findIndex((a) => !optionText(a).startsWith('-'));
  if (plain(args[sub]) === 'kustomize') return { via: `${program} kustomize`, word: operand(sub + 1) };
  for (let k = 0; k < args.length; k++) {
    const m = /^(-k|--kustomize)(=(.*))?$/.exec(optionText(args[k]));
    if (!m) continue;
    if (m[3] !== undefined) return { via: `${program} -k`, word: isLiteral(args[k]) ? m[3] : null };
    return { via: `${program} -k`, word: isLiteral(args[k + 1]) ? plain(args[k + 1]) : null };
  }
  return undefined;
}

export function kustomizations(inv: Invocation, r: Reporter): void {
  // Without a reader, what this line writes is still read (project-file.ts).
  if (inv.cwd === undefined) return;
  const t = target(inv);
  if (!t) return;
  const plugins = inv.args.some(
    (a) => !isLiteral(a) || /^--enable[-_]alpha[-_]plugins(?:=|$)/.test(optionText(a)),
  );
  const w: Walk = { inv, r, via: t.via, seen: new Set(), stopped: false, plugins };
  if (t.word === null) {
    stop(w, 'renders a kustomization named at run time');
    return;
  }
  const url = remoteUrl(t.word, inv.cwd, w);
  if (url) {
    fetches(url, w);
    return;
  }
  visit(posix.resolve(inv.cwd, t.word), w);
}
