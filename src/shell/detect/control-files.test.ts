// Security controls switched off by any writer (control-files.ts) or by their own switch (program-rules.ts,
// PowerShell in scan-code.ts): `disable_security_control`, with or without sudo; turning them on, reading their
// configuration and unrelated settings in the same folders are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

beforeAll(async () => {
  await loadShellParser();
});

const env = shellEnv();
const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

const OFF: [string, string][] = [
  ['sed disabling SELinux', "sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config"],
  [
    'sudo sed making SELinux permissive',
    "sudo sed -i 's/SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config",
  ],
  [
    'perl in place on the SELinux config',
    "sudo perl -pi -e 's/=enforcing/=disabled/; s/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config",
  ],
  ['echo redirected into the SELinux config', 'echo SELINUX=disabled > /etc/selinux/config'],
  [
    'tee writing an ASLR switch into sysctl.d',
    "echo 'kernel.randomize_va_space = 0' | sudo tee /etc/sysctl.d/99-aslr.conf",
  ],
  ['appending ptrace scope to sysctl.conf', "echo 'kernel.yama.ptrace_scope=0' >> /etc/sysctl.conf"],
  [
    'a here-document into sysctl.d',
    "sudo tee /etc/sysctl.d/10-x.conf <<'EOF'\nkernel.kptr_restrict = 0\nEOF",
  ],
  ['echo 0 into the ptrace switch', 'echo 0 | sudo tee /proc/sys/kernel/yama/ptrace_scope'],
  ['echo 0 into the SELinux switch', 'echo 0 > /sys/fs/selinux/enforce'],
  [
    'a kernel command line without AppArmor',
    "sudo sed -i 's/quiet splash/quiet splash apparmor=0/' /etc/default/grub",
  ],
  [
    'linking a profile into the AppArmor disable folder',
    'sudo ln -s /etc/apparmor.d/usr.sbin.cupsd /etc/apparmor.d/disable/',
  ],
  ['ufw.conf turned off', "sudo sed -i 's/ENABLED=yes/ENABLED=no/' /etc/ufw/ufw.conf"],
  ['audit rules emptied', "echo '-D' | sudo tee /etc/audit/rules.d/zz.rules"],
  ['setsebool turning a protection off', 'sudo setsebool -P secure_mode_policyload off'],
  ['setsebool allowing executable memory', 'setsebool -P selinuxuser_execmod on'],
  ['semanage making a domain permissive', 'sudo semanage permissive -a httpd_t'],
  ['pwsh disabling Defender', "pwsh -c 'Set-MpPreference -DisableRealtimeMonitoring $true'"],
  [
    'powershell excluding a folder from Defender',
    "powershell -Command 'Add-MpPreference -ExclusionPath C:\\'",
  ],
  ['powershell stopping the Defender service', "powershell -c 'Stop-Service WinDefend'"],
  ['netsh turning the firewall off', 'netsh advfirewall set allprofiles state off'],
  ['the AppArmor service disabled', 'sudo systemctl disable --now apparmor'],
  ['aa-teardown', 'sudo aa-teardown'],
  ['ufw disable', 'sudo ufw disable'],
  ['nft flush ruleset', 'sudo nft flush ruleset'],
  ['iptables accept and flush', 'sudo iptables -P INPUT ACCEPT -F'],
  ['auditctl off', 'sudo auditctl -e 0'],
];

const ORDINARY: [string, string][] = [
  ['sed enforcing SELinux', "sudo sed -i 's/^SELINUX=permissive/SELINUX=enforcing/' /etc/selinux/config"],
  ['grep for the SELinux mode', 'grep SELINUX=disabled /etc/selinux/config'],
  ['sed printing the SELinux config', "sed -n 's/SELINUX=disabled/x/p' /etc/selinux/config"],
  ['another kernel setting in sysctl.d', "echo 'vm.swappiness = 10' | sudo tee /etc/sysctl.d/99-swap.conf"],
  ['ASLR turned fully on', 'echo 2 | sudo tee /proc/sys/kernel/randomize_va_space'],
  ['setsebool allowing a web server network', 'sudo setsebool -P httpd_can_network_connect on'],
  ['setsebool turning a protection on', 'sudo setsebool -P deny_ptrace on'],
  ['pwsh reading Defender preferences', "pwsh -c 'Get-MpPreference'"],
  [
    'pwsh turning real-time monitoring back on',
    "pwsh -c 'Set-MpPreference -DisableRealtimeMonitoring $false'",
  ],
  ['ufw opening a port', 'sudo ufw allow 22'],
  ['iptables listing rules', 'sudo iptables -L -n'],
  ['auditctl listing rules', 'sudo auditctl -l'],
];

describe('security controls off, whatever program flips them', () => {
  it.each(OFF)('%s turns a control off', (_name, command) => {
    expect(categories(command)).toContain('disable_security_control');
  });

  it.each(ORDINARY)('%s is no control turned off', (_name, command) => {
    expect(categories(command)).not.toContain('disable_security_control');
  });
});

describe('an installed git hook removed skips its checks as --no-verify does', () => {
  it.each<[string, string]>([
    ['rm of the pre-commit hook', 'rm .git/hooks/pre-commit'],
    ['unlink of a pre-push hook', 'unlink .git/hooks/pre-push'],
    ['the hooks folder whole', 'rm -rf .git/hooks'],
    ["a submodule's hook", 'rm -f .git/modules/lib/hooks/pre-commit'],
    ["husky's installed shims", 'rm -rf .husky/_'],
    ['moved away', 'mv .git/hooks/pre-commit /tmp/'],
    ['find deleting every hook', "find .git/hooks -type f ! -name '*.sample' -delete"],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('disable_security_control');
  });
  it.each<[string, string]>([
    ['a sample hook', 'rm -f .git/hooks/pre-commit.sample'],
    ['a tracked hook script (the commit shows it)', 'rm -f .husky/pre-commit'],
    ['reading a hook', 'cat .git/hooks/pre-commit'],
  ])('not: %s: %s', (_name, command) => {
    expect(categories(command)).not.toContain('disable_security_control');
  });
});
