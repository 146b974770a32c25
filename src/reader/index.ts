/**
 * reader: the one hardened reader of what a repository, an agent or a user controls. Files are read only
 * when regular and under a bound; git runs with every repository-controlled behaviour pinned, and reads
 * objects through a view that sees nothing of the repository but its objects. Effects live here; the
 * capabilities get these functions passed in (or call them at their own edge) and decide nothing here.
 */

export { GIT_PATHS_TIMEOUT_MS, type GitPaths, namesOnlyCall, pinnedGitPaths } from './git/git-paths';
export { type ObjectView, type ObjectViewOpen, openObjectView } from './git/object-view';
export {
  GIT_TIMEOUT_MS,
  type GitResult,
  type GitRunner,
  PINNED_CONFIG,
  PINNED_ENV,
  pinnedArgs,
  pinnedEnv,
  pinnedGitRunner,
} from './git/pinned-git';
export { OTHER_OWNER_PROBLEM, ownedByAnotherUser } from './git/repository-owner';
export { openWorkTreeView, type WorkTreeView, type WorkTreeViewOpen } from './git/work-tree-view';
export { type BoundedRead, readBoundedFd, readBoundedStream } from './read-bounded-fd';
export {
  describeRefusal,
  type FileRefusal,
  fileKind,
  type ReadOptions,
  type RegularBytesRead,
  type RegularFileRead,
  readRegularBytes,
  readRegularFile,
} from './read-regular-file';
