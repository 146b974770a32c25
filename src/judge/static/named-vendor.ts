/**
 * A unit that says whose service it uses: project data uploaded to a host of the vendor the unit's own
 * name or description names (a "deploy to Vercel" skill posting a tarball to `*.vercel.com`) is what the
 * unit is for, not a hidden destination: medium (a reviewer checks what is sent), not high. Only uploads
 * of content are lowered; secrets flowing to any host keep their severity (other rules report them), and
 * a host whose vendor the unit does not name stays as rated. Pure.
 */

import type { FindingDraft } from '../findings/make-finding';
import type { Unit } from '../types';
import type { FileView } from './file-view';

/** A sink draft that knows the unstated host it sends to (set by the line patterns). */
export type SinkDraft = FindingDraft & { sinkHost?: string };

/** Rules that upload content (a file, a request body), as opposed to secret material. */
const UPLOAD_RULES = new Set(['pattern:shell-upload', 'pattern:code-upload', 'pattern:upload-instruction']);

/** Second-level labels that are part of a public suffix (`co.uk`, `com.au`): the vendor is one label left. */
const SUFFIX_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'ne', 'or']);

/** The vendor label of a host (`claude-deploy.vercel.com` -> `vercel`); undefined for short or bare names. */
export function vendorLabel(host: string): string | undefined {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2) return undefined;
  let i = labels.length - 2;
  if (SUFFIX_LABELS.has(labels[i] ?? '') && labels.length >= 3) i -= 1;
  const label = labels[i] ?? '';
  return /^[a-z][a-z0-9-]{3,62}$/.test(label) ? label : undefined;
}

/** The unit's own name and description (front matter of its primary Markdown file), lower-cased. */
export function selfDescription(unit: Unit, views: ReadonlyMap<string, FileView>): string {
  const view = views.get(unit.primary);
  if (view?.type !== 'markdown') return '';
  const out: string[] = [];
  for (let i = 0; i < view.frontMatterEnd; i++) {
    const m = /^(name|description):\s*(.*)$/.exec(view.lines[i] ?? '');
    if (m) out.push(m[2] ?? '');
  }
  return out.join(' ').toLowerCase();
}

export function namedVendorUploads(
  drafts: readonly FindingDraft[],
  unit: Unit,
  views: ReadonlyMap<string, FileView>,
): void {
  const self = selfDescription(unit, views);
  if (self === '') return;
  const words = new Set(self.split(/[^a-z0-9-]+/).flatMap((w) => [w, ...w.split('-')]));
  for (const d of drafts as readonly SinkDraft[]) {
    if (!UPLOAD_RULES.has(d.rule) || d.sinkHost === undefined) continue;
    if (d.severity !== 'high' && d.severity !== 'critical') continue;
    const vendor = vendorLabel(d.sinkHost);
    if (vendor === undefined || !words.has(vendor)) continue;
    d.severity = 'medium';
    d.message = `${d.message}; the unit names \`${vendor}\` as the service it uses`;
  }
}
