/**
 * Program knowledge as data: for a program, a pattern over its arguments (lower-cased, joined by single
 * spaces, options included) and the category it means. Read by detect/detect-table.ts. First match per
 * program wins; `unless` excludes read-only look-alikes. Reasons name the program; the rule's `what` says
 * what the command does.
 */

import type { Category } from '../../core';

export interface ProgramRule {
  programs: readonly string[];
  match: RegExp;
  unless?: RegExp;
  category: Category;
  what: string;
}

const SQL_DESTROY =
  /\b(drop\s+(table|database|schema|index|view|user|role)|truncate\b|delete\s+from\s+(?![\s\S]*\bwhere\b)|flushall|flushdb|dropdatabase|\.drop\(|deletemany\(\s*\{\s*\}|remove\(\s*\{\s*\}\s*\))/;

export const PROGRAM_RULES: readonly ProgramRule[] = [
  // cloud, storage, cluster
  {
    programs: ['aws'],
    match:
      /^s3 (rm|rb)\b|^s3 sync .*--delete\b|^secretsmanager (update-secret|put-secret-value|rotate-secret)|^sns unsubscribe\b|^s3api delete-|\b(delete|terminate|deregister|purge|remove|destroy|disable|deactivate|cancel)-[\w-]+/,
    category: 'remote_resource_delete',
    what: 'deletes cloud resources',
  },
  {
    programs: ['gcloud', 'gsutil'],
    match: /(^| )(delete|rm|rb|remove|destroy)( |$)|^-m rm /,
    category: 'remote_resource_delete',
    what: 'deletes cloud resources',
  },
  {
    programs: ['az'],
    match: /(^| )(delete|purge|remove)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes cloud resources',
  },
  {
    programs: ['s3cmd'],
    match: /^(del|rm|rb|deleteall)\b/,
    category: 'remote_resource_delete',
    what: 'deletes storage objects',
  },
  {
    programs: ['kubectl', 'oc', 'k9s'],
    match: /(^| )(delete|drain)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes cluster resources',
  },
  {
    programs: ['helm'],
    match: /(^| )(uninstall|delete|del|un)( |$)/,
    category: 'remote_resource_delete',
    what: 'uninstalls a cluster release',
  },
  {
    programs: ['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf', 'serverless', 'sls'],
    match: /(^| )(destroy|state rm|remove)( |$)|(^| )-destroy( |$)/,
    category: 'remote_resource_delete',
    what: 'destroys managed infrastructure',
  },
  // docker, podman and compose deletes: detect/detect-docker.ts (local or remote daemon)
  // databases
  {
    programs: [
      'psql',
      'mysql',
      'mariadb',
      'sqlite3',
      'sqlcmd',
      'clickhouse-client',
      'cqlsh',
      'mongo',
      'mongosh',
      'cockroach',
      'duckdb',
    ],
    match: SQL_DESTROY,
    category: 'remote_resource_delete',
    what: 'deletes database data',
  },
  {
    programs: ['redis-cli', 'valkey-cli', 'keydb-cli'],
    match: /(^| )(flushall|flushdb)( |$)/,
    category: 'remote_resource_delete',
    what: 'wipes a key-value store',
  },
  {
    programs: ['dropdb', 'dropuser', 'mysqladmin'],
    match: /^(?!.*\b(status|ping|version)\b)/,
    category: 'remote_resource_delete',
    what: 'drops a database or user',
  },
  // platforms and services
  {
    programs: ['gh'],
    match:
      /^(repo (delete|archive)|\w+ delete\b|release delete|secret (delete|remove)|variable delete|cache delete|workflow disable|run delete|ssh-key delete|gpg-key delete|label delete)|^api .*-x delete|^api .*--method delete/,
    category: 'remote_resource_delete',
    what: 'deletes or disables a repository resource',
  },
  {
    programs: ['glab'],
    match: /(^| )(delete|archive)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes a repository resource',
  },
  {
    programs: ['vault'],
    match:
      /^(secrets disable|auth disable|kv (destroy|delete|metadata delete)|delete|policy delete|lease revoke)/,
    category: 'remote_resource_delete',
    what: 'deletes secrets or secret engines',
  },
  {
    programs: ['op'],
    match: /^(item|vault|document|user|group|connect \w+) (delete|remove|rm)/,
    category: 'remote_resource_delete',
    what: 'deletes password-manager items',
  },
  {
    programs: ['doppler'],
    match: /^(secrets|projects|configs|environments) (delete|rm)/,
    category: 'remote_resource_delete',
    what: 'deletes secrets configuration',
  },
  {
    programs: ['rclone'],
    match: /^(sync|delete|purge|deletefile|rmdir|rmdirs|cleanup|move)\b/,
    category: 'remote_resource_delete',
    what: 'deletes remote files',
  },
  {
    programs: ['restic'],
    match: /^(forget|prune)\b|^.* (forget|prune)\b/,
    category: 'remote_resource_delete',
    what: 'deletes backup snapshots',
  },
  {
    programs: ['borg'],
    match: /(^| )(delete|rdelete|repo-delete|prune|compact)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes backup archives',
  },
  {
    programs: ['velero'],
    match: /(^| )delete( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes cluster backups',
  },
  {
    programs: [
      'kafka-topics',
      'kafka-topics.sh',
      'kafka-consumer-groups',
      'kafka-consumer-groups.sh',
      'kafka-delete-records',
      'kafka-delete-records.sh',
    ],
    match: /--delete\b|^(?=.*--offset-json-file)/,
    category: 'remote_resource_delete',
    what: 'deletes message topics or records',
  },
  {
    programs: ['kafka-acls', 'kafka-acls.sh', 'kafka-configs', 'kafka-configs.sh'],
    match: /--remove\b|--delete-config\b|--delete\b/,
    category: 'remote_resource_delete',
    what: 'removes broker permissions or settings',
  },
  {
    programs: ['rabbitmqctl', 'rabbitmqadmin'],
    match: /(^| )(delete[_ ]\w+|clear_\w+|purge[_ ]queue|reset|force_reset|delete)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes broker resources',
  },
  {
    programs: ['nats'],
    match: /(^| )(delete|del|rm|purge)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes or purges message streams',
  },
  {
    programs: ['gitlab-runner'],
    match: /^unregister\b/,
    category: 'remote_resource_delete',
    what: 'unregisters CI runners',
  },
  {
    programs: ['circleci'],
    match: /(^| )(delete|remove-secret|unlist)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes CI configuration',
  },
  {
    programs: [
      'heroku',
      'fly',
      'flyctl',
      'vercel',
      'netlify',
      'firebase',
      'railway',
      'render',
      'supabase',
      'pscale',
      'wrangler',
      'doctl',
      'linode-cli',
      'hcloud',
    ],
    match: /(^| )(\w+:)?(destroy|delete|remove|rm|reset)( |$)/,
    category: 'remote_resource_delete',
    what: 'deletes hosted resources',
  },
  {
    programs: ['java'],
    match: /jenkins-cli\.jar .*(delete-\w+|disconnect-node|clear-queue)/,
    category: 'remote_resource_delete',
    what: 'deletes CI jobs or nodes',
  },
  // system state
  {
    programs: ['shutdown', 'reboot', 'halt', 'poweroff'],
    match: /^(?!.*(--help|(^| )-c( |$)))/,
    category: 'system_shutdown',
    what: 'stops or restarts the machine',
  },
  {
    programs: ['systemctl', 'loginctl'],
    match: /(^| )(poweroff|reboot|halt|kexec|suspend|hibernate|rescue|emergency)( |$)/,
    category: 'system_shutdown',
    what: 'stops or restarts the machine',
  },
  {
    programs: ['init', 'telinit'],
    match: /^[06s]$/,
    category: 'system_shutdown',
    what: 'changes the run level',
  },
  {
    programs: ['kill', 'pkill', 'killall'],
    match: /(^| )(1|-1|init|systemd|launchd)$/,
    category: 'system_shutdown',
    what: 'kills every process or the init process',
  },
  // security controls
  {
    programs: ['setenforce'],
    match: /^(0|permissive)\b/,
    category: 'disable_security_control',
    what: 'turns SELinux enforcement off',
  },
  {
    programs: ['systemctl', 'service'],
    match:
      /(stop|disable|mask|kill) .*\b(firewalld|ufw|iptables|nftables|apparmor|auditd|selinux|fail2ban|clamav\w*|falcon-sensor|osqueryd|wazuh\w*|crowdstrike|sshguard|fapolicyd|usbguard|falco|ossec\w*|suricata|snort|aide\w*|tripwire|rkhunter|tetragon)\b|\b(firewalld|ufw|apparmor|auditd|fail2ban|fapolicyd) (stop|disable)/,
    category: 'disable_security_control',
    what: 'stops a security service',
  },
  {
    programs: ['modprobe', 'rmmod'],
    match: /(^| )(apparmor|selinux|lockdown|yama|tomoyo|landlock|smack)( |$)/,
    unless: /^(-n|--dry-run|--show-depends|-D)\b|(^| )(-n|--dry-run|--show-depends|-D)( |$)/,
    category: 'disable_security_control',
    what: 'unloads a security module',
  },
  {
    programs: ['sysctl'],
    match:
      /(^| )((kernel\.(randomize_va_space|yama\.ptrace_scope|kptr_restrict|dmesg_restrict|unprivileged_bpf_disabled)|fs\.protected_\w+|net\.ipv4\.conf\.\w+\.rp_filter)\s*=\s*0|fs\.suid_dumpable\s*=\s*[12])\b/,
    unless: /^(-a|--all|-n|-e|-N)?\s*[\w.]+$/,
    category: 'disable_security_control',
    what: 'weakens a kernel protection',
  },
  {
    programs: ['firewall-cmd'],
    match:
      /--set-default-zone[ =]trusted|--panic-off|--add-source[ =]0\.0\.0\.0\/0|--zone[ =]\S+ --add-service|--add-port[ =]\S+ --permanent|--remove-service[ =]ssh/,
    unless: /^--(list|get|query|state)/,
    category: 'disable_security_control',
    what: 'opens the firewall',
  },
  {
    programs: ['launchctl'],
    match:
      /(unload|bootout|disable|remove|kill)\b.*(falcon|crowdstrike|sentinel|carbonblack|cbdefense|defender|wdav|jamf|osquery|santa|xprotect|mrt|sophos|eset|cylance|tanium|kandji|mdatp)/i,
    category: 'disable_security_control',
    what: 'stops an endpoint protection agent',
  },
  {
    programs: ['ufw'],
    match: /^(-\S+ )*(disable|reset)\b/,
    category: 'disable_security_control',
    what: 'turns the firewall off',
  },
  {
    programs: ['iptables', 'ip6tables'],
    match: /(^| )(-f|--flush|-x)( |$)|-p \w+ accept/,
    category: 'disable_security_control',
    what: 'removes firewall rules',
  },
  {
    programs: ['nft'],
    match: /flush ruleset|delete table/,
    category: 'disable_security_control',
    what: 'removes firewall rules',
  },
  {
    programs: ['spctl'],
    match: /--master-disable|--global-disable|--disable/,
    category: 'disable_security_control',
    what: 'turns Gatekeeper off',
  },
  {
    programs: ['csrutil'],
    match: /^disable/,
    category: 'disable_security_control',
    what: 'turns System Integrity Protection off',
  },
  {
    programs: ['setsebool', 'togglesebool'],
    match:
      /(^| )(secure_mode\w*|deny_\w+)( |=)(off|0|false)\b|(^| )(selinuxuser_exec(mod|stack|heap)|allow_exec\w+|mmap_low_allowed|domain_kernel_load_modules)( |=)(on|1|true)\b/,
    unless: /^-?-?(h|help)$/,
    category: 'disable_security_control',
    what: 'turns an SELinux protection off',
  },
  {
    programs: ['semanage'],
    match: /^permissive (-a|--add)\b/,
    category: 'disable_security_control',
    what: 'makes an SELinux domain permissive',
  },
  {
    programs: ['apparmor_parser'],
    match: /(^| )--remove( |$)/,
    category: 'disable_security_control',
    what: 'removes an AppArmor profile',
  },
  {
    programs: ['netsh', 'netsh.exe'],
    match: /advfirewall set \w+ state off|firewall set opmode (mode=)?disable/,
    category: 'disable_security_control',
    what: 'turns the firewall off',
  },
  {
    programs: ['sc', 'sc.exe'],
    match: /^(stop|delete|config) (windefend|wdnissvc|sense|mpssvc)\b/,
    category: 'disable_security_control',
    what: 'stops Windows Defender or the firewall',
  },
  {
    programs: ['reg', 'reg.exe'],
    match: /^add .*(windows defender|windows firewall|firewallpolicy).*(disable\w+|enablefirewall)/,
    category: 'disable_security_control',
    what: 'turns Windows Defender or the firewall off',
  },
  {
    programs: ['aa-teardown', 'aa-disable', 'aa-complain'],
    match: /^|$/,
    category: 'disable_security_control',
    what: 'turns AppArmor profiles off',
  },
  {
    programs: ['auditctl'],
    match: /(^| )(-e 0|-d)( |$)/,
    category: 'disable_security_control',
    what: 'turns auditing off',
  },
  {
    programs: ['defaults'],
    match: /(gatekeeper|assessment|quarantine).* (false|0|no)\b/,
    category: 'disable_security_control',
    what: 'turns a macOS protection off',
  },
  {
    programs: ['gavel'],
    match: /^(init .*--(remove|uninstall)|uninstall|disable)\b/,
    category: 'disable_security_control',
    what: 'turns gavel off',
  },
  {
    programs: ['history'],
    match: /(^| )-[a-z]*c( |$)|(^| )-d( |$)/,
    category: 'disable_security_control',
    what: 'erases the shell history',
  },
  {
    programs: ['docker', 'podman', 'nerdctl'],
    match:
      /^(run|create|exec)\b.*(--privileged|(-v|--volume|--mount)[ =]\/:|--pid[ =]host|--cap-add[ =](all|sys_admin))/,
    category: 'privilege_escalation',
    what: 'runs a container with the host root or full privileges',
  },
  // privilege and persistence
  {
    programs: ['su', 'doas', 'pkexec', 'run0', 'visudo', 'sudoedit'],
    match: /^|$/,
    category: 'privilege_escalation',
    what: 'acts as another user',
  },
  {
    programs: ['usermod', 'gpasswd', 'adduser'],
    match: /\b(sudo|wheel|admin|root|docker)\b/,
    category: 'privilege_escalation',
    what: 'adds a user to a privileged group',
  },
  {
    programs: ['crontab'],
    match: /^(?!.*(^| )-l( |$))/,
    category: 'persistence',
    what: 'installs a scheduled job',
  },
  {
    programs: ['systemctl'],
    match: /(^| )(enable|link|daemon-reload|edit)( |$)/,
    category: 'persistence',
    what: 'installs a service to start on boot',
  },
  {
    programs: ['launchctl'],
    match: /(^| )(load|bootstrap|submit|enable)( |$)/,
    category: 'persistence',
    what: 'installs a launch agent',
  },
  {
    // `npm config set script-shell=…` makes every later `npm run` start that program.
    programs: ['npm', 'pnpm', 'yarn'],
    match:
      /^(config )?set (--global |-g |--location[= ]\S+ )*"?[\w.-]*(shell|git|editor|browser|viewer)["= ]/,
    category: 'persistence',
    what: 'stores a program that later package commands run',
  },
  {
    programs: ['npm', 'pnpm', 'yarn'],
    match: /^(config )?set (--global |-g |--location[= ]\S+ )*"?(@[\w.-]+:)?registry["= ]/,
    category: 'package_install_from_unstated_source',
    what: 'changes the package registry later installs use',
  },
  {
    programs: ['pip', 'pip3', 'uv'],
    match: /^config (--\S+ )*set "?[\w-]+\.(index-url|extra-index-url|find-links|trusted-host)["= ]/,
    category: 'package_install_from_unstated_source',
    what: 'changes the package index later installs use',
  },
  {
    programs: ['at', 'batch'],
    match: /^(?!.*(^| )-l( |$))/,
    category: 'persistence',
    what: 'schedules a job',
  },
  // secrets
  {
    programs: ['aws'],
    match:
      /^(secretsmanager (get-secret-value|batch-get-secret-value)|ssm get-parameters?(-by-path)? .*--with-decryption|configure get (?!(region|output|cli_pager|cli_binary_format|profile|sso_region|sso_start_url|role_arn|source_profile|duration_seconds|max_attempts|retry_mode)( |$))|configure export-credentials|sts get-session-token|ecr get-login-password|iam create-access-key)/,
    category: 'secret_material_read',
    what: 'reads secret values',
  },
  {
    programs: ['vault'],
    match: /^(kv get|read|token create|print token)\b|^kv get/,
    category: 'secret_material_read',
    what: 'reads secret values',
  },
  {
    programs: ['op'],
    match: /^(read|item get|inject|document get)\b/,
    category: 'secret_material_read',
    what: 'reads password-manager items',
  },
  {
    programs: ['doppler'],
    match: /^(secrets( get| download)?( |$)|run\b)/,
    unless: /^secrets (list|names)\b/,
    category: 'secret_material_read',
    what: 'reads secret values',
  },
  {
    programs: ['gcloud'],
    match: /secrets versions access|auth print-(access|identity)-token/,
    category: 'secret_material_read',
    what: 'reads secret values',
  },
  {
    programs: ['az'],
    match: /keyvault secret (show|download)|account get-access-token/,
    category: 'secret_material_read',
    what: 'reads secret values',
  },
  {
    programs: ['kubectl', 'oc'],
    match: /^config view\b.*(?:^| )--(?:raw|flatten)\b/,
    category: 'secret_material_read',
    what: 'prints the kubeconfig with its client keys and tokens',
  },
  {
    programs: ['kubectl', 'oc'],
    // `describe` prints a Secret's keys and sizes, never its values (ADR 0072).
    match: /^get (secret|secrets)\b/,
    category: 'secret_material_read',
    what: 'reads cluster secrets',
  },
  {
    programs: ['gh', 'glab'],
    // `status` prints the token with `--show-token` / `-t` (alone or in a cluster of short flags).
    match: /^auth (token|status\b.* (--show-token|-[a-z]*t[a-z]*)\b)/,
    category: 'secret_material_read',
    what: 'prints an access token',
  },
  {
    programs: ['security'],
    match: /find-(generic|internet)-password|dump-keychain|export\b/,
    category: 'secret_material_read',
    what: 'reads the keychain',
  },
  {
    programs: ['pass', 'gopass'],
    match: /^(show\b|[^-\s])/,
    unless: /^(ls|list|find|search|init|git)\b/,
    category: 'secret_material_read',
    what: 'reads the password store',
  },
  {
    programs: ['sops'],
    match: /(^| )(-d|--decrypt|decrypt)( |$)/,
    category: 'secret_material_read',
    what: 'decrypts secrets',
  },
  {
    programs: ['heroku'],
    match: /^config(:get)?\b/,
    category: 'secret_material_read',
    what: 'reads app secrets',
  },
  {
    // gawk's special files `/inet/tcp/LPORT/HOST/RPORT` (and inet4, inet6, udp) open a network connection.
    programs: ['gawk', 'awk'],
    match: /\/inet[46]?\/(?:tcp|udp)\//,
    category: 'outbound_network_to_unstated_host',
    what: 'opens a network connection through a special file',
  },
  {
    // procps' BSD option `e` (`ps e`, `ps auxe`, `ps -ef e`) prints each process's environment after its
    // command; a value of `-o`, `-u`, `--sort` ... is no option group.
    programs: ['ps'],
    match:
      /(?<!(?:^| )(?:-[a-z]*[opugctqkn]|--(?:sort|format|user|group|pid|ppid|tty|cols|columns|rows|width|quick-pid)))(?:^| )[acfhjlmnrsuvwx]*e[acfhjlmnrsuvwx]*(?= |$)/,
    category: 'secret_material_read',
    what: "prints every process's environment",
  },
  {
    programs: ['printenv'],
    match: /^$|(key|secret|token|passw|credential|auth)/,
    category: 'secret_material_read',
    what: 'prints environment secrets',
  },
];
