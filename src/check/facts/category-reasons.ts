/**
 * The reason a decision gives for each category: written by gavel, the same whatever the command says. The
 * shell analysis writes a more precise reason per hit (naming a program, a path or a host); that one stays in
 * the analysis (`checkWithTrace(…).analysis.hits`) and never reaches a decision's reason or the audit log.
 * Also the order in which categories are named when several targets of a command fall in the same bucket.
 * Pure data.
 */

import type { Category } from '../../core';

export const CATEGORY_REASONS: Readonly<Record<Category, string>> = {
  credential_exfiltration: 'sends data read from a sensitive path over the network',
  destructive_root_delete: 'deletes the file system root, home or a whole system folder',
  disable_security_control: 'turns off a security control (firewall, audit, security module or review hook)',
  history_rewrite_on_shared_ref: 'rewrites the history of a shared branch',
  secret_material_read: 'reads a sensitive path (keys, tokens or credentials)',
  outbound_network_to_unstated_host: 'reaches a host no config or goal has stated',
  package_install_from_unstated_source: 'installs a package from a source no config has stated',
  force_push: 'force-pushes, replacing commits on the remote',
  recursive_delete_outside_workspace: 'deletes recursively outside the workspace',
  local_work_loss: 'discards local work that is not committed or not pushed',
  remote_resource_delete: 'deletes a remote resource (cloud, database, cluster or storage)',
  privilege_escalation: 'runs with raised privileges',
  system_shutdown: 'shuts down, reboots or kills the machine',
  block_device_write: 'writes to a block device',
  remote_code_execution: 'runs code fetched from the network',
  persistence: 'changes a shell start-up file, scheduled job, service, git hook or authorized key',
  agent_self_modification: "changes the agent's or gavel's own configuration or hooks",
};

/**
 * Most serious first: when two segments land in the same bucket, the one whose category comes first here
 * decides and is named in the reason (`curl … | sh` names remote code execution, not only the unstated host).
 */
export const CATEGORY_ORDER: readonly Category[] = [
  'credential_exfiltration',
  'destructive_root_delete',
  'disable_security_control',
  'history_rewrite_on_shared_ref',
  'block_device_write',
  'remote_code_execution',
  'privilege_escalation',
  'secret_material_read',
  'recursive_delete_outside_workspace',
  'force_push',
  'package_install_from_unstated_source',
  'agent_self_modification',
  'persistence',
  'remote_resource_delete',
  'local_work_loss',
  'system_shutdown',
  'outbound_network_to_unstated_host',
];
