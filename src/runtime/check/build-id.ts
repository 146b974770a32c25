/**
 * The id of the running gavel build: sha256 of every source file, stamped into the bundles by
 * scripts/build.mjs (`__GAVEL_BUILD_ID__`). Undefined when running from source (tests, `vitest`): nothing
 * keyed by it may then be cached, since the code can change under the same id. Reads nothing.
 */

declare const __GAVEL_BUILD_ID__: string | undefined;

export const BUILD_ID: string | undefined =
  typeof __GAVEL_BUILD_ID__ === 'string' && /^[0-9a-f]{64}$/.test(__GAVEL_BUILD_ID__)
    ? __GAVEL_BUILD_ID__
    : undefined;
