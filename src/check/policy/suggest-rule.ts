/**
 * The exact rule a user could add to `[check].allow` to allow a target that was sent to review or denied.
 * Pure. Never for a floor case (nothing allows those) and never for uncertainty (no rule can make dynamic text
 * certain). The text holds the command or path itself, so it goes to the person and the agent, never to the
 * audit record.
 */

import { pinnedOf, type RuleTarget } from '../rules/permission-rule';

export function suggestRule(target: RuleTarget): string {
  switch (target.kind) {
    case 'shell':
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
