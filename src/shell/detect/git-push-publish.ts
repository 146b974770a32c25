/**
 * git push that publishes: a tag (a release others fetch and build from) or a ref that deploys or releases
 * (`HEAD:gh-pages`, `main:release`, `refs/heads/deploy/prod`). Not a category: nothing is lost, but the push is
 * seen outside the project at once, so it is not known safe (a question with a reason). A feature-branch push
 * says nothing. Pure: the names are data below.
 */

import type { Invocation, Reporter } from '../unwrap/invocation';

/** Branch names that deploy or release when pushed to (a full `refs/heads/` name too). */
const PUBLISH_BRANCH =
  /^(refs\/)?(heads\/)?(main|master|prod|production|live|staging|gh-pages|pages|release|releases?[/_.-].*|deploy|deploy(ment)?[/_.-].*|deployment)$/i;

/** A tag by its full name, or a version-looking name (`v1.2.0`, `2.0`, `v3`). */
const TAG = /^(refs\/tags\/.+|v?\d+(\.\d+)*([-+.][\w.-]*)?)$/i;

/**
 * Reports when the push publishes. `refs` are the plain refspec operands after the remote; `opts` the option
 * words; `defaultBranch` the remote's default branch when known.
 */
export function pushPublishes(
  refs: readonly string[],
  opts: readonly string[],
  defaultBranch: string | undefined,
  inv: Invocation,
  r: Reporter,
): void {
  // A dry run does everything but send the update: nothing is published. An option that takes the next word as its
  // value (`-o -n`, `--push-option --dry-run`) may have taken the dry run's word: then it is not read as one.
  const valued = opts.some((o) => /^(?:-[a-zA-Z]*o|--(?:push-option|receive-pack|exec|repo))$/i.test(o));
  const dry = opts.some((o) => o === '--dry-run' || /^-[a-mp-zA-Z]*n/.test(o));
  if (dry && !valued) return;
  if (opts.some((o) => /^--(tags|follow-tags)$/i.test(o))) {
    r.uncertain('production-target', '`git push` publishes tags (a release others fetch)', inv.segment);
    return;
  }
  for (const ref of refs) {
    const spec = ref.replace(/^\+/, '');
    if (spec.startsWith(':')) continue; // a delete: judged by the push detector
    const parts = spec.split(':');
    const src = parts[0] ?? '';
    const dest = parts.length > 1 ? (parts[parts.length - 1] ?? '') : src;
    if (TAG.test(dest) || (parts.length === 1 && /^refs\/tags\//i.test(src))) {
      r.uncertain('production-target', '`git push` publishes a tag (a release others fetch)', inv.segment);
      return;
    }
    const name = dest.replace(/^(refs\/)?(heads\/)?/i, '');
    if (PUBLISH_BRANCH.test(dest) || (defaultBranch !== undefined && name === defaultBranch)) {
      r.uncertain(
        'production-target',
        '`git push` updates a branch that deploys or releases (the default, a release, deploy or pages branch)',
        inv.segment,
      );
      return;
    }
  }
}
