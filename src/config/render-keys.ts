/**
 * Renders the table of every config key (default, scope, variable, how a repository may change it) as
 * Markdown for docs/config.md. Pure; a test keeps the page in step with the spec.
 */

import { TABLE_NAMES, tableSettings } from './spec';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderConfigKeys(): string {
  const lines = [
    '| key | default | scope | variable | a repository may | meaning |',
    '|---|---|---|---|---|---|',
  ];
  for (const table of TABLE_NAMES) {
    for (const [key, spec] of tableSettings(table)) {
      const value = spec.default === undefined ? '(unset)' : `\`${JSON.stringify(spec.default)}\``;
      const repo =
        spec.scope === 'user' ? 'not set it (ignored, with a notice)' : (spec.merge.rule ?? 'tighten only');
      const variable = spec.env ? `\`${spec.env.name}\`` : '';
      lines.push(
        `| \`${table}.${key}\` | ${cell(value)} | ${spec.scope} | ${variable} | ${cell(repo)} | ${cell(spec.description)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
