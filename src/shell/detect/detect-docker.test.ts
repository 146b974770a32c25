// Docker deletes: local cleanup is routine, a delete on another daemon is remote, volumes hold data (issue 11
// item 8). Real parser, bundled path table.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const analyze = (command: string) => analyzeShellSync(command, env);
const categories = (command: string) => [...new Set(analyze(command).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('docker on the local daemon', () => {
  it.each([
    ['rm -f', 'docker rm -f storefront-api-1'],
    ['rmi', 'docker rmi storefront-api:dev'],
    ['rmi -f', 'docker rmi -f storefront-api:dev'],
    ['image prune', 'docker image prune -f'],
    ['system prune', 'docker system prune -f'],
    ['builder prune', 'docker builder prune -af'],
    ['container prune', 'docker container prune --force'],
    ['network rm', 'docker network rm storefront_default'],
    ['compose down', 'docker compose down'],
    ['compose down -v: the project volumes', 'docker compose down -v'],
    ['docker-compose down --volumes', 'docker-compose down --volumes'],
    ['a unix socket host', 'docker -H unix:///var/run/docker.sock rm -f x'],
    ['loopback TCP', 'docker --host=tcp://127.0.0.1:2375 rmi x'],
    ['the default context', 'docker --context default system prune -f'],
    ['podman', 'podman rm -f web'],
  ])('%s is routine', (_name, command) => {
    expect(categories(command)).toEqual([]);
    expect(analyze(command).uncertain).toEqual([]);
  });

  it.each([
    ['volume prune', 'docker volume prune -f'],
    ['volume rm', 'docker volume rm storefront_pgdata'],
    ['system prune --volumes', 'docker system prune -f --volumes'],
    ['rm -v', 'docker rm -fv db'],
  ])('%s loses the data in volumes', (_name, command) => {
    expect(categories(command)).toEqual(['local_work_loss']);
  });
});

describe('docker on another daemon', () => {
  it.each([
    ['-H ssh', 'docker -H ssh://deploy@prod.example.com rm -f api'],
    ['--host tcp', 'docker --host tcp://10.0.4.2:2376 rmi api:1'],
    ['a named context', 'docker --context prod system prune -af'],
    ['-c context', 'docker -c prod volume prune -f'],
    ['compose on a context', 'docker --context prod compose down -v'],
    ['compose -H', 'docker-compose -H ssh://prod down'],
    ['an exported DOCKER_HOST', 'export DOCKER_HOST=ssh://prod; docker rm -f api'],
    ['a host known at run time', 'docker -H "$REMOTE" rm -f api'],
    ['podman remote', 'podman --remote rm -f api'],
    ['podman connection', 'podman --connection prod rmi api'],
  ])('%s is a remote delete', (_name, command) => {
    expect(categories(command)).toContain('remote_resource_delete');
  });

  it.each([
    ['a DOCKER_HOST prefix', 'DOCKER_HOST=ssh://prod docker rm -f api'],
    ['env DOCKER_HOST', 'env DOCKER_HOST=ssh://prod docker system prune -f'],
  ])('%s is uncertain: the daemon is not the one named', (_name, command) => {
    expect(analyze(command).uncertain.map((u) => u.code)).toContain('dynamic-command');
  });

  it('names the remote host for the network policy', () => {
    expect(analyze('docker -H ssh://deploy@prod.example.com rm -f api').segments[0]?.hosts).toEqual([
      expect.objectContaining({ host: 'prod.example.com', local: false }),
    ]);
  });
});

describe('a host variable copied into a container by name (`-e NAME`, as `-e NAME=$NAME`)', () => {
  it.each([
    ['run -e of a token', 'docker run --rm -e AWS_SECRET_ACCESS_KEY alpine env'],
    [
      'run --env of a token, the container posting it',
      "docker run --env GITHUB_TOKEN alpine sh -c 'wget -qO- x'",
    ],
    ['run --env= of a password', 'docker run --env=DB_PASSWORD app'],
    ['exec -e of a key', 'docker exec -e API_KEY web env'],
    ['compose run -e of a token', 'docker compose run --rm -e NPM_TOKEN web npm ci'],
    ['podman run -e', 'podman run -e GH_TOKEN alpine env'],
  ])('%s is a secret read', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each([
    ['an ordinary variable by name', 'docker run --rm -e NODE_ENV -e CI alpine env'],
    ['a secret-named variable given a literal value', 'docker run --rm -e API_KEY=test-key app'],
  ])('%s is not', (_name, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
});
