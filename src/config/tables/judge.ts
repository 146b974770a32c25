/**
 * The `[judge]` table: review of agent configuration. See docs/config.md.
 */

export const judgeTable = {};
