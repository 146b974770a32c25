/**
 * The audit detail of a served decision: the reviewer's typed detail plus the client's token name and whether
 * the policy that decided is a kept one after a failed reload. Pure. The detail holds at most ten keys: when the
 * two added keys would pass that, keys whose value is null are left out first (they say nothing).
 */

import { type AuditDetail, type AuditDetailValue, DETAIL_LIMITS } from '../../audit';

export function withClient(
  detail: AuditDetail,
  client: string | undefined,
  stalePolicy: boolean,
): AuditDetail {
  const added: Record<string, AuditDetailValue> = {};
  if (client !== undefined) added.client = client;
  if (stalePolicy) added.stalePolicy = true;
  const entries = Object.entries(detail);
  const room = DETAIL_LIMITS.keys - Object.keys(added).length;
  const kept =
    entries.length <= room
      ? entries
      : [...entries.filter(([, v]) => v !== null), ...entries.filter(([, v]) => v === null)].slice(0, room);
  return { ...Object.fromEntries(kept), ...added };
}
