/**
 * What `helm template`, `helm lint` and `helm show` read of a chart in the workspace: helm's chart loader follows
 * symbolic links (it only warns), so a link in the chart folder (`values.yaml` -> `~/.kube/config`, a template or a
 * file `.Files.Get` reads -> a key) prints what it leads to. A chart folder holding a link, one that cannot be listed
 * whole, or more folders than one review lists is uncertain. Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { listBudgeted, readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder } from './project-file';

/** Folders of one chart listed per command. */
const MAX_FOLDERS = 64;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`helm\` ${why}`, inv.segment, 'kept');

/** helm's options that take a value (the words after them are no chart). */
const VALUED =
  /^(?:-f|--values|--set|--set-string|--set-file|--set-json|-s|--show-only|-n|--namespace|--output-dir|--kube-version|--api-versions|-a|--name-template|--release-name|--repo|--version|--kubeconfig|--kube-context|--post-renderer|--post-renderer-args)$/;

/** `ok`, or why the chart folder at `root` is not known to hold only its own files. */
function chartFolder(root: string, r: Reporter): 'ok' | 'link' | 'cut' {
  const queue = [root];
  let listed = 0;
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    const listing = listBudgeted(folder, r);
    if (listing === undefined) return 'ok';
    if (listing === 'over' || ++listed > MAX_FOLDERS) return 'cut';
    if (listing.kind === 'missing') continue;
    // A chart packed in an archive: its members (links among them) are not listed here.
    if (listing.kind === 'text') {
      if (folder === root) return 'cut';
      continue;
    }
    if (listing.why !== 'not-regular' || !listing.entries || !listing.links || !listing.folders) return 'cut';
    if (listing.links.length > 0) return 'link';
    for (const name of listing.folders) queue.push(inFolder(folder, name));
  }
  return 'ok';
}

export function helmCharts(inv: Invocation, r: Reporter): void {
  if (posix.basename(inv.program) !== 'helm' || inv.cwd === undefined || !r.env.readScript) return;
  const words = inv.args;
  const sub = plain(words.find((w) => !plain(w).startsWith('-')));
  if (!/^(?:template|lint|show|inspect)$/.test(sub)) return;
  // A values file outside the workspace, or one that is a link, is printed by the templates reading `.Values`.
  const valuesFileOk = (value: Word | undefined): boolean => {
    if (value === undefined || !isLiteral(value)) return false;
    const v = resolveArg(value, inv, r);
    return (
      v.resolved !== undefined && v.class === 'workspace' && (v.real === undefined || v.real === v.resolved)
    );
  };
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as Word;
    const t = plain(w);
    // `-f X`, `--values X`, and the forms with the value attached (`-fX`, `-f=X`, `--values=X`).
    const attached = /^(?:-f=?|--values=)(.+)$/.exec(t);
    const values =
      t === '-f' || t === '--values'
        ? words[k + 1]
        : attached
          ? { text: attached[1] as string, flow: w.flow }
          : undefined;
    if ((t === '-f' || t === '--values' || attached) && !valuesFileOk(values)) {
      say(inv, r, 'reads a values file outside the workspace, named at run time or through a symbolic link');
      return;
    }
    if (/^--repo(?:=|$)/.test(t)) {
      say(inv, r, 'fetches a chart from a repository (`--repo`)');
      return;
    }
    if (VALUED.test(t)) {
      k++;
      continue;
    }
    if (t.startsWith('-')) continue;
    if (!isLiteral(w)) {
      say(inv, r, 'reads a chart named at run time');
      return;
    }
    const at = resolveArg(w, inv, r);
    // A chart named by a URL or as `repo/chart` with no such folder here is fetched from a repository the user's
    // helm configuration names, not read from the workspace.
    const fetched =
      /^(?:oci|https?):\/\//i.test(t) ||
      (t.includes('/') && at.resolved !== undefined && readBudgeted(at.resolved, inv, r)?.kind === 'missing');
    if (fetched) {
      say(inv, r, 'fetches a chart from a repository: not one of the workspace');
      return;
    }
    if (at.real !== undefined && at.resolved !== undefined && at.real !== at.resolved) {
      say(inv, r, 'reads a chart through a symbolic link');
      return;
    }
    if (at.resolved === undefined || at.class !== 'workspace') continue;
    const found = chartFolder(at.resolved, r);
    if (found === 'link') {
      say(inv, r, 'reads a chart holding a symbolic link, which it follows wherever it leads');
      return;
    }
    if (found === 'cut') {
      say(inv, r, 'reads a chart folder gavel cannot list whole');
      return;
    }
  }
}
