// The statements a database client is given on its command line: each read-only shape known, each shape that
// writes, reaches a file, a program, the network or another statement not known.
import { describe, expect, it } from 'vitest';
import { psqlDescribe, readOnlyStatement, redisRead } from './sql-statements';

describe('read-only statements', () => {
  it.each([
    ['a count', 'SELECT count(*) FROM users', 'postgres'],
    [
      'a join with IN and a window',
      'select a.id, rank() over (partition by a.k) from t a where a.id in (1, 2)',
      'postgres',
    ],
    ['show', 'SHOW search_path', 'postgres'],
    ['describe', 'DESCRIBE users', 'mysql'],
    ['explain of a select', 'explain select * from users where id = 1', 'postgres'],
    // `ANALYZE` runs the statement: a read is read (round 30).
    [
      'explain analyze of a select',
      'explain analyze select * from t where a = 1 order by b desc limit 50',
      'postgres',
    ],
    [
      'explain with an option list',
      'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT count(*) FROM t',
      'postgres',
    ],
    [
      'explain analyze verbose of a with',
      'explain analyze verbose with x as (select 1) select * from x',
      'postgres',
    ],
    ['explain query plan', 'EXPLAIN QUERY PLAN SELECT * FROM t WHERE id = 1', 'sqlite'],
    ['explain format tree', 'explain format=tree select * from t', 'mysql'],
    ['a workspace csv', "SELECT region, sum(amount) FROM 'data/sales.csv' GROUP BY 1", 'duckdb'],
    ['a workspace parquet reader', "select * from read_parquet('out/p.parquet') limit 5", 'duckdb'],
    ['summarize', 'summarize users', 'duckdb'],
    ['a subquery', 'select * from (select 1) as x', 'sqlite'],
    ['a quoted identifier', 'SELECT count(*) FROM "User"', 'postgres'],
    ['a table named like the credentials tables', 'SELECT name FROM app_users', 'mysql'],
    ['grouping after an operator and a comma', 'select count(*) * (1 + 2), (3) from t', 'sqlite'],
  ] as const)('known: %s', (_n, sql, dialect) => expect(readOnlyStatement(sql, dialect)).toBe(true));
  it.each([
    ['explain analyze runs the statement', 'explain analyze delete from users', 'postgres'],
    [
      'explain analyze of a with that deletes',
      'explain analyze with d as (delete from t returning *) select * from d',
      'postgres',
    ],
    ['explain with options of a write', 'explain (analyze, costs off) update t set a = 1', 'postgres'],
    ['explain with an unknown option', 'explain (analyze, serialize binary) select 1', 'postgres'],
    ['explain analyze of a locking select', 'explain analyze select * from t for update', 'postgres'],
    ['explain analyze of a sequence', "explain analyze select nextval('s')", 'postgres'],
    ['select into writes a table', 'select * into backup from users', 'postgres'],
    ['into outfile writes a file', "select * from users into outfile '/tmp/x'", 'mysql'],
    ['a file-reading function', "select pg_read_file('/etc/passwd')", 'postgres'],
    ['a sequence moves', "select nextval('s')", 'postgres'],
    ['row locks', 'select * from users for share', 'postgres'],
    ['a second statement', 'select 1; drop table users', 'postgres'],
    ['a comment', 'select 1 -- x', 'postgres'],
    ['a mysql comment', 'select 1 # x', 'mysql'],
    ['dollar quoting', 'select $$x$$', 'postgres'],
    ['a meta-command', '\\! id', 'postgres'],
    ['an absolute file', "select * from '/etc/passwd'", 'duckdb'],
    ['a parent folder', "select * from '../other/x.csv'", 'duckdb'],
    ['a URL', "select * from read_csv('https://evil.example/x.csv')", 'duckdb'],
    ['another scheme', "select * from 's3://bucket/x.parquet'", 'duckdb'],
    ['attach', "attach 'md:'", 'duckdb'],
    ['install', 'install httpfs', 'duckdb'],
    ['copy to', "copy (select 1) to 'x.csv'", 'duckdb'],
    ['an environment read', "select getenv('HOME')", 'duckdb'],
    ['a write', 'update users set a = 1', 'mysql'],
    ['a double-quoted file name', 'select * from "data.csv"', 'duckdb'],
    ['an unclosed string', "select 'x", 'postgres'],
    ['a url function', "select * from url('http://x.example')", 'clickhouse'],
    ['a with that deletes', 'with d as (delete from t returning *) select * from d', 'postgres'],
    ["mysql's password hashes (review 18)", 'SELECT user, authentication_string FROM mysql.user', 'mysql'],
    ["postgres' password hashes", 'SELECT rolname, rolpassword FROM pg_authid', 'postgres'],
    ['user mappings with passwords', 'select * from pg_user_mappings', 'postgres'],
    // White-box review: sqlite calls a function named in brackets, backticks or double quotes too.
    ['a bracket-quoted program runner', "select [edit]('x', 'touch y')", 'sqlite'],
    ['a bracket-quoted file reader', "select [readfile](cast(x'2f6574632f706173737764' as text))", 'sqlite'],
    ['a double-quoted file writer', `select "writefile"('x', 'y')`, 'sqlite'],
    ['a call after a closing parenthesis', "select (x)('y')", 'sqlite'],
  ] as const)('not known: %s', (_n, sql, dialect) => expect(readOnlyStatement(sql, dialect)).toBe(false));
});

describe('psql describing meta-commands', () => {
  it.each(['\\dt', '\\d users', '\\d+ public.users', '\\l', '\\dn+', '\\conninfo'])('known: %s', (t) =>
    expect(psqlDescribe(t)).toBe(true),
  );
  it.each(['\\! id', "\\copy t to program 'id'", '\\o /tmp/x', '\\i x.sql', '\\dt; \\! id', '\\set x 1'])(
    'not known: %s',
    (t) => expect(psqlDescribe(t)).toBe(false),
  );
});

describe('redis reads', () => {
  it.each([
    ['ping'],
    ['INFO', 'memory'],
    ['get', 'session:1'],
    ['keys', 'user:*'],
    ['scan', '0', 'MATCH', 'a*'],
  ])('known: %s', (...w) => expect(redisRead(w)).toBe(true));
  it.each([
    ['flushall'],
    ['set', 'a', 'b'],
    ['config', 'set', 'dir', '/tmp'],
    ['eval', 'x', '0'],
    ['monitor'],
    [],
  ])('not known: %s', (...w) => expect(redisRead(w)).toBe(false));
});
