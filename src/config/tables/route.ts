/**
 * The `[route]` table: graduated approval of a change. See docs/config.md.
 */

export const routeTable = {};
