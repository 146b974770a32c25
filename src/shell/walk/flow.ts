/**
 * What a command writes to stdout, or what a word carries, as far as shell analysis can tell: literal text,
 * data read from a sensitive source, data fetched from the network, decoded (opaque) payloads. Pure.
 */

export interface Flow {
  /** Exact text when every producer was literal (`echo x`, a here-doc body, `cat <<EOF`). */
  literal?: string;
  /** Carries data read from a sensitive path or the environment. */
  sensitive: boolean;
  /** Carries data fetched from a non-local host. */
  network: boolean;
  /** Carries data decoded from an opaque form (base64, hex, compressed). */
  decoded: boolean;
  /** Computed at run time by something analysis does not model (unknown program, variable). */
  opaque?: boolean;
  /**
   * The output of one well-known set-up idiom alone (`$(ssh-agent -s)`, data/eval-idioms.ts): shell code the
   * tool writes itself. Set only on that substitution's own flow; every join drops it.
   */
  evalIdiom?: true;
  /**
   * Set only on the output of a lister of literal roots (`ls`, `find`, `fd`, `git ls-files`): every line is a
   * path at or below one of these path words (`find`'s filtered `{}` marker where only some files below are
   * listed). xargs judges its command on them. Every join drops it.
   */
  listed?: readonly string[];
  /**
   * Set only beside `listed`: the lines are NUL-terminated names each starting with a literal root that does not
   * start with `-` (`rg -l --null x src`), so xargs -0 hands on words that are never options.
   */
  listedNamed?: boolean;
  /**
   * Set only when the flow is sensitive through secret-named environment variables alone (`$GITHUB_TOKEN`): their
   * names, so a vendor's token presented to that vendor's own host can be told from one sent anywhere else.
   * Absent whenever any other sensitive source joins in.
   */
  envSecrets?: readonly string[];
  /**
   * Set only on a loop variable's value over literal words and globs (walk-tree.ts): a glob in it is the pattern
   * the variable's values match, quoted or not. Every join drops it.
   */
  pattern?: true;
  /**
   * Set only on a process substitution's word (`<(cmd)`): it names a pipe carrying cmd's output, not a file on
   * disk. Every join drops it.
   */
  pipe?: true;
}

export const NO_FLOW: Flow = Object.freeze({ sensitive: false, network: false, decoded: false });

export function literalFlow(text: string): Flow {
  return { literal: text, sensitive: false, network: false, decoded: false };
}

/** The secret variable names of two joined flows: only while every sensitive side has them. */
function envSecretsOf(a: Flow, b: Flow): readonly string[] | undefined {
  if (!a.sensitive) return b.sensitive ? b.envSecrets : undefined;
  if (!b.sensitive) return a.envSecrets;
  return a.envSecrets && b.envSecrets ? [...new Set([...a.envSecrets, ...b.envSecrets])] : undefined;
}

/** Taints of both; literal text survives only when one side carries nothing. */
export function joinFlows(a: Flow, b: Flow): Flow {
  const flow: Flow = {
    sensitive: a.sensitive || b.sensitive,
    network: a.network || b.network,
    decoded: a.decoded || b.decoded,
    opaque: a.opaque || b.opaque || (a.literal !== undefined && b.literal !== undefined),
  };
  const env = envSecretsOf(a, b);
  if (env) flow.envSecrets = env;
  return flow;
}

export const OPAQUE_FLOW: Flow = Object.freeze({
  sensitive: false,
  network: false,
  decoded: false,
  opaque: true,
});

/** A filter's output: the taints of its input, no literal text. */
export function taintsOf(a: Flow): Flow {
  const flow: Flow = { sensitive: a.sensitive, network: a.network, decoded: a.decoded, opaque: true };
  if (a.envSecrets) flow.envSecrets = a.envSecrets;
  return flow;
}

export function isTainted(a: Flow): boolean {
  return a.sensitive || a.network || a.decoded || a.opaque === true;
}

/** The taints of several words together, as one opaque flow. */
export function taintsOfAll(flows: readonly Flow[]): Flow {
  let sensitive = false;
  let network = false;
  let decoded = false;
  let joined: Flow = { sensitive: false, network: false, decoded: false };
  for (const f of flows) {
    sensitive ||= f.sensitive;
    network ||= f.network;
    decoded ||= f.decoded;
    joined = joinFlows(joined, f);
  }
  const flow: Flow = { sensitive, network, decoded, opaque: true };
  if (joined.envSecrets) flow.envSecrets = joined.envSecrets;
  return flow;
}
