/**
 * The closed set of action categories: what an action would do that a person may care about.
 * Pure data. Seed categories first (never-grant, then presumption-of-denial), then gavel's own.
 * The floor and presumption lists here are the defaults; config can add to the floor, never remove.
 */

export const CATEGORIES = [
  // never grant (the sealed floor)
  'credential_exfiltration',
  'destructive_root_delete',
  'disable_security_control',
  'history_rewrite_on_shared_ref',
  // presumption of denial
  'secret_material_read',
  'outbound_network_to_unstated_host',
  'package_install_from_unstated_source',
  'force_push',
  'recursive_delete_outside_workspace',
  // gavel's own
  'local_work_loss', // git reset --hard, checkout --, clean -f, branch -D, stash drop
  'remote_resource_delete', // cloud, database, cluster, storage deletions
  'privilege_escalation', // sudo, su, doas, chmod u+s, setcap
  'system_shutdown', // shutdown, reboot, halt, poweroff, kill -9 1
  'block_device_write', // mkfs, dd of=/dev/sdX, wipefs, fdisk
  'remote_code_execution', // curl | sh, bash <(curl), eval "$(curl)"
  'persistence', // crontab, shell rc files, systemd units, launchd
  'agent_self_modification', // the agent's or gavel's own config and hooks
] as const;

export type Category = (typeof CATEGORIES)[number];

export const NEVER_GRANT: readonly Category[] = [
  'credential_exfiltration',
  'destructive_root_delete',
  'disable_security_control',
  'history_rewrite_on_shared_ref',
];

export const PRESUMPTION_OF_DENIAL: readonly Category[] = [
  'secret_material_read',
  'outbound_network_to_unstated_host',
  'package_install_from_unstated_source',
  'force_push',
  'recursive_delete_outside_workspace',
];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}
