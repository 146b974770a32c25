// Test helper: the shell environment of a real git repository made in a temp folder (its work tree the
// workspace, a scratch home, files read from disk), with git's listings: the real pinned one (`pinned`), none, or
// one a test gives.
import { pinnedGitPaths } from '../../reader';
import type { ShellEnv } from '../types';
import { diskReader } from './disk-reader';
import { shellEnv } from './shell-env';

export function repositoryEnv(
  ws: string,
  home: string,
  listing: 'pinned' | 'none' | NonNullable<ShellEnv['gitPaths']> = 'pinned',
): ShellEnv {
  const gitPaths =
    listing === 'pinned' ? pinnedGitPaths({ PATH: process.env.PATH, HOME: home }) : listing === 'none' ? undefined : listing;
  return shellEnv({
    cwd: ws,
    home,
    workspaceRoots: [ws],
    tempDirs: ['/tmp'],
    readScript: diskReader,
    ...(gitPaths ? { gitPaths } : {}),
  });
}
