/**
 * The exact rule a user could add to `[check].allow` to allow a target that was sent to review or denied.
 * Pure. Never for a floor case (nothing allows those) and never for uncertainty (no rule can make dynamic text
 * certain). The text holds the command or path itself, so it goes to the person and the agent, never to the
 * audit record.
 */

import { SCRIPT_FILE_WRAPPER } from '../../shell';
import { pinnedOf, type RuleTarget } from '../rules/permission-rule';

/**
 * The rule, or undefined when no rule can name the target: a segment read from a script file (`npm test` running
 * `scripts.test`, `make` a recipe) is words the harness never sends, and its wrapper label is gavel's own.
 */
export function suggestRule(target: RuleTarget): string | undefined {
  switch (target.kind) {
    case 'shell':
      if (target.wrappedText.includes(SCRIPT_FILE_WRAPPER)) return undefined;
      return `Bash(${pinnedOf(target)})`;
    case 'read':
      return `Read(/${target.path})`;
    case 'write':
      return `Edit(/${target.path})`;
    case 'web_fetch':
      return `WebFetch(domain:${target.host})`;
    case 'mcp':
      return `mcp__${target.server}__${target.tool}`;
    case 'other':
      return target.toolName;
    default: {
      const never: never = target;
      return never;
    }
  }
}
