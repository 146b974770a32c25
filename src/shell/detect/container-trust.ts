/**
 * `docker run`: what the image and the published ports reach. An image that is neither an official library
 * image (`postgres:16`, `library/node`) nor pinned by digest (`x@sha256:...`) runs code of whoever owns that
 * name; a port published on every interface by an explicit address (`-p 0.0.0.0:8080:80`, `[::]:...`) opens the
 * container to the network. A port given without an address (`-p 5432:5432`) also binds every interface, but it
 * is the everyday way to reach a development database: it stays known (ADR 0075). Neither is a category: each is
 * a question with a reason. Pure apart from reporting.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';

/** An official library image: one name with no namespace or registry, an optional tag. */
const LIBRARY = /^(?:(?:docker\.io\/)?library\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?::[\w][\w.-]{0,127})?$/;
const DIGEST = /@sha256:[0-9a-f]{64}$/;
const ALL_INTERFACES = /^(?:0\.0\.0\.0|\[?::\]?):/;

/** `args` are the words after `run`; `image` the index of the image word (-1 when none). */
export function containerTrust(inv: Invocation, r: Reporter, args: readonly Word[], image: number): void {
  const label = `\`${inv.program} run\``;
  for (let i = 0; i < (image < 0 ? args.length : image); i++) {
    const t = plain(args[i]);
    let value: string | undefined;
    if (t === '-p' || t === '--publish') value = plain(args[++i]);
    else if (t.startsWith('--publish=')) value = t.slice(10);
    else if (/^-p./.test(t)) value = t.slice(2);
    if (value !== undefined && ALL_INTERFACES.test(value)) {
      r.uncertain('dynamic-script', `${label} publishes a port on every network interface`, inv.segment);
      break;
    }
  }
  const word = image < 0 ? undefined : args[image];
  if (!word) return;
  const name = plain(word);
  if (!isLiteral(word) || !(LIBRARY.test(name) || DIGEST.test(name)))
    r.uncertain(
      'dynamic-script',
      `${label} runs an image that is neither an official library image nor pinned by digest (its owner's code)`,
      inv.segment,
    );
}
