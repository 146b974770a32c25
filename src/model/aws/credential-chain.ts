/**
 * The credentials a Bedrock call signs with, from the chain's selected source (aws-credentials.ts): keys from
 * the environment or the shared files are read again for every attempt (rotated keys are picked up, the last
 * good set kept when a later read fails); web identity and the container endpoint are fetched
 * (remote-credentials.ts) and kept until five minutes before they expire, one fetch at a time. Effects at the
 * edge: `fetch`, the file reader and the clock are passed in. A source that gives nothing throws
 * `BuildRefused` with a one-line problem naming the source (never a token, a key or a reply body).
 */

import { BuildRefused } from '../wire/post-json';
import { type AwsChainInput, type AwsSource, selectAwsSource } from './aws-credentials';
import { containerCredentials, type RemoteInput, webIdentityCredentials } from './remote-credentials';
import type { AwsCredentials } from './sigv4';

export interface ChainProviderInput extends AwsChainInput {
  fetch: RemoteInput['fetch'];
  now: () => Date;
}

/** Remote credentials are renewed this long before they expire (the SDKs' window). */
export const REFRESH_BEFORE_MS = 5 * 60_000;
/** A remote reply without an expiry is used for this long at most. */
const NO_EXPIRY_MS = 15 * 60_000;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * STS for web identity: AWS_ENDPOINT_URL_STS (as the SDKs read it), else the regional endpoint. The token goes
 * in the query, so plain http is only for loopback.
 */
export function stsEndpoint(
  env: AwsChainInput['env'],
): { ok: true; url?: string } | { ok: false; problem: string } {
  const raw = env.AWS_ENDPOINT_URL_STS;
  if (!raw) return { ok: true };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'AWS_ENDPOINT_URL_STS is not a URL' };
  }
  if (url.username || url.password)
    return { ok: false, problem: 'AWS_ENDPOINT_URL_STS must not carry credentials' };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    return { ok: true, url: raw };
  return {
    ok: false,
    problem: `AWS_ENDPOINT_URL_STS host \`${url.hostname}\` is neither https nor loopback`,
  };
}

export function awsCredentialProvider(
  input: ChainProviderInput,
  first: AwsSource,
): () => Promise<AwsCredentials> {
  if (first.kind === 'static') {
    let last = first.credentials;
    return async () => {
      const again = selectAwsSource(input);
      if (again.ok && again.using.kind === 'static') last = again.using.credentials;
      return last;
    };
  }
  const kind = first.kind;
  let held: { credentials: AwsCredentials; renewAt: number; expiresAt: number } | undefined;
  let inFlight: Promise<AwsCredentials> | undefined;
  const fetchNew = async (): Promise<AwsCredentials> => {
    const remote: RemoteInput = { env: input.env, readFile: input.readFile, fetch: input.fetch };
    let result: Awaited<ReturnType<typeof containerCredentials>>;
    if (kind === 'container') result = await containerCredentials(remote);
    else {
      const sts = stsEndpoint(input.env);
      if (!sts.ok) throw new BuildRefused(sts.problem);
      result = await webIdentityCredentials(remote, sts.url);
    }
    const now = input.now().getTime();
    if (!result.ok) {
      // A source that fails now may still have given keys that are valid for a while.
      if (held && now < held.expiresAt) return held.credentials;
      throw new BuildRefused(result.problem);
    }
    const expires = result.expires ? Date.parse(result.expires) : Number.NaN;
    const expiresAt = Number.isFinite(expires) ? expires : now + NO_EXPIRY_MS;
    held = { credentials: result.credentials, expiresAt, renewAt: expiresAt - REFRESH_BEFORE_MS };
    return result.credentials;
  };
  return async () => {
    if (held && input.now().getTime() < held.renewAt) return held.credentials;
    inFlight ??= fetchNew().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
