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
import { DYN } from '../walk/markers';
import type { RunOptions } from './container-run';

/** An official library image: one name with no namespace or registry, an optional tag. */
const LIBRARY = /^(?:(?:docker\.io\/)?library\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?::[\w][\w.-]{0,127})?$/;
const DIGEST = /@sha256:[0-9a-f]{64}$/;
const ALL_INTERFACES = /^(?:0\.0\.0\.0|\[?::\]?):/;

/**
 * `args` are the words after `run`; `run` what the option reader found there: the image's index and the published
 * ports, however the options were spelled (`-dp 0.0.0.0:80:80` is `-d -p 0.0.0.0:80:80`).
 */
export function containerTrust(
  inv: Invocation,
  r: Reporter,
  args: readonly Word[],
  run: Pick<RunOptions, 'image' | 'published'>,
): void {
  const label = `\`${inv.program} run\``;
  if (run.published.some((value) => ALL_INTERFACES.test(value)))
    r.uncertain('dynamic-script', `${label} publishes a port on every network interface`, inv.segment);
  // A port computed at run time may name any address.
  else if (run.published.some((value) => value.includes(DYN)))
    r.uncertain(
      'dynamic-script',
      `${label} publishes a port whose address is known only at run time`,
      inv.segment,
    );
  const image = run.image;
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
