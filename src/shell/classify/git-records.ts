/**
 * git's own records inside a git folder: refs, packed refs, the reflog, the index, the object store, shallow and
 * graft lists, ORIG_HEAD (also a submodule's, under `.git/modules/`). Deleting or overwriting one by hand loses a
 * branch, the record that recovers a lost commit, or staged work; git itself and the files tools legitimately write
 * there (`COMMIT_EDITMSG`, `FETCH_HEAD`, `info/exclude`) are not these. Pure.
 */

const GIT_RECORD =
  /\/\.git\/(?:modules\/.+\/)?(?:refs(?:\/|$)|packed-refs$|logs(?:\/|$)|index$|shallow$|info\/grafts$|objects(?:\/|$)|ORIG_HEAD$)/i;

/** Whether an absolute path is one of git's records (or a folder of them). */
export const isGitRecord = (abs: string): boolean => GIT_RECORD.test(abs);
