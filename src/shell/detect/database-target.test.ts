// Where a connection string leads: this machine, another one, or a place gavel cannot name. Pure.
import { describe, expect, it } from 'vitest';
import { dsnTarget, envFile } from './database-target';

describe('connection strings', () => {
  it.each([
    ['postgresql://postgres:pw@localhost:5432/app_dev?schema=public', 'local'],
    ['postgres://me@/app', 'local'],
    ['postgres://me@127.0.0.1/app', 'local'],
    ['mysql://root@[::1]:3306/app', 'local'],
    ['postgresql://u@%2Fvar%2Frun%2Fpostgresql/app', 'local'],
    ['file:./dev.db', 'local'],
    ['sqlite:///app.db', 'local'],
    ['sqlite://', 'local'],
    ['host=localhost dbname=app user=me', 'local'],
    ['root:pw@tcp(127.0.0.1:3306)/app?parseTime=true', 'local'],
    ['postgres://u@db.example.com/app', 'remote'],
    ['postgres://u@localhost,db.example.com/app', 'remote'],
    ['postgres://u@localhost/app?host=db.example.com', 'remote'],
    ['mysql://u@db/app', 'remote'],
    ['host=10.0.0.5 dbname=app', 'remote'],
    ['u@tcp(db.example.com:3306)/app', 'remote'],
    ['sqlite:////var/lib/app.db', 'unknown'],
    ['file:../other/dev.db', 'unknown'],
    ['postgres://u@localhost/app?service=prod', 'unknown'],
    ['service=prod', 'unknown'],
    ['$DATABASE_URL', 'unknown'],
    ['', 'unknown'],
  ])('%s: %s', (dsn, target) => expect(dsnTarget(dsn)).toBe(target));
});

describe('.env files', () => {
  it('reads assignments, quotes and exports', () => {
    const env = envFile('# c\nexport A="x y"\nB=\'z\'\nC=plain # note\n');
    expect([...env]).toEqual([
      ['A', 'x y'],
      ['B', 'z'],
      ['C', 'plain'],
    ]);
  });
});
