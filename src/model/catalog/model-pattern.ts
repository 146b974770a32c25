/**
 * Matching model names against the patterns of the data files: `*` stands for any run of characters,
 * nothing else is special. Bedrock inference-profile prefixes (`us.`, `eu.`, `apac.`, `global.`, ...)
 * are stripped so one entry prices every region. Pure.
 */

const PROFILE_PREFIX = /^(us|eu|apac|global|us-gov|ca|jp|au)\./;

export function baseModelId(provider: string, model: string): string {
  return provider === 'bedrock' ? model.replace(PROFILE_PREFIX, '') : model;
}

export function matchesPattern(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === name;
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!name.startsWith(first) || !name.endsWith(last) || name.length < first.length + last.length)
    return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = name.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
