/**
 * Signals from submodule bumps: an inspected bump (its commits and files, sensitive paths inside it) or
 * one that could not be inspected, which is unknown risk and never low. Pure.
 */

import type { RoutePolicy } from '../route-policy';
import { sanitize } from '../sanitize';
import type { Signal, SubmoduleBump } from '../types';
import { listSome, makeSignal } from './make-signal';

const short = (sha: string | null) => (sha === null ? 'none' : sha.slice(0, 12));

export function submoduleSignals(bumps: readonly SubmoduleBump[], policy: RoutePolicy): Signal[] {
  const signals: Signal[] = [];
  const inspected = bumps.filter((b) => b.inspected !== undefined);
  const blind = bumps.filter((b) => b.inspected === undefined);
  if (inspected.length > 0) {
    const evidence = inspected.map((b) => {
      const i = b.inspected as NonNullable<SubmoduleBump['inspected']>;
      return `${sanitize(b.path)} ${short(b.oldCommit)}..${short(b.newCommit)}: ${i.commits} commit(s), ${i.files.length} file(s)${i.rewound ? ', rewinds history' : ''}`;
    });
    signals.push(
      makeSignal(policy, 'submodule-bump', evidence, { files: inspected.map((b) => sanitize(b.path)) }),
    );
    const sensitive: string[] = [];
    for (const b of inspected) {
      // The mount point itself (a submodule at `.claude` is agent configuration, whatever it holds).
      const own = policy.classifier.security(b.path);
      if (own.length > 0) sensitive.push(`${sanitize(b.path)} (${own.join(', ')})`);
      for (const f of b.inspected?.files ?? []) {
        const kinds = policy.classifier.security(f);
        if (kinds.length > 0) sensitive.push(`${sanitize(b.path)}/${sanitize(f)} (${kinds.join(', ')})`);
      }
    }
    const rewound = inspected.filter((b) => b.inspected?.rewound);
    if (sensitive.length > 0 || rewound.length > 0) {
      const evidence2 = [];
      if (sensitive.length > 0) evidence2.push(`security-sensitive files inside: ${listSome(sensitive, 4)}`);
      if (rewound.length > 0)
        evidence2.push(
          `${rewound.length} bump(s) move the submodule to a commit that does not follow the old one`,
        );
      signals.push(
        makeSignal(policy, 'submodule-sensitive', evidence2, {
          files: [...inspected.map((b) => sanitize(b.path))],
        }),
      );
    }
  }
  if (blind.length > 0) {
    const evidence = blind.map(
      (b) =>
        `${sanitize(b.path)} ${short(b.oldCommit)}..${short(b.newCommit)}: ${b.uninspectable ?? 'not inspected'} — unknown risk`,
    );
    signals.push(
      makeSignal(policy, 'submodule-uninspectable', evidence, {
        scale: 1,
        files: blind.map((b) => sanitize(b.path)),
      }),
    );
  }
  return signals;
}
