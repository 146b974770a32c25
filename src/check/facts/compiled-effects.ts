/**
 * What added code in a language gavel does not scan whole (Go, JVM languages, C#, Rust, Swift, C/C++, Dart, ...)
 * does besides starting processes by name: deleting in the home folder (a home expression and a recursive delete
 * in the same change), reading a secret of the home folder (a home expression or `~/` with a credential's path),
 * and sending it (that, with a network client). Each is a reason the change is uncertain, never a verdict alone: a
 * regex over the added lines, not a model of the language. Pure.
 */

/** Ways each language names the home folder (Python, JavaScript, Ruby, Perl and PHP spellings too: later-code.ts). */
const HOME =
  /\bos\.UserHomeDir\s*\(|\b(?:os\.Getenv|getenv|System\.getenv|GetEnvironmentVariable|env::var(?:_os)?|std::env::var(?:_os)?)\s*\(\s*"(?:HOME|USERPROFILE)"|\buser\.home\b|\bhome_dir\s*\(|\bSpecialFolder\.(?:UserProfile|Personal)\b|\bPlatform\.environment\s*\[\s*['"]HOME['"]\s*\]|\bhomeDirectoryForCurrentUser\b|\bNSHomeDirectory\s*\(|\bSystem\.user_home\b|\bhomedir\s*\(|["']~\/|\bPath\.home\s*\(|\bexpanduser\s*\(|\bos\.environ(?:\.get)?\s*[[(]\s*["'](?:HOME|USERPROFILE)["']|\bgetenv\s*\(\s*'(?:HOME|USERPROFILE)'|\bprocess\.env(?:\.(?:HOME|USERPROFILE)\b|\[\s*["'`](?:HOME|USERPROFILE)["'`]\s*\])|\bENV\s*(?:\[\s*|\.fetch\s*\(\s*)["']HOME["']|\bDir\.home\b|\$ENV\{\s*["']?HOME\b|\$_SERVER\s*\[\s*["']HOME["']/;

/** Deletes that take a whole tree. */
const TREE_DELETE =
  /\bos\.RemoveAll\s*\(|\bremove_dir_all\s*\(|\bdeleteRecursively\s*\(|\bFileUtils\.(?:deleteDirectory|forceDelete|cleanDirectory)\s*\(|\bFiles\.walk\s*\([^;]*\bdelete\b|\bDirectory\.Delete\s*\([^;]*\btrue\b|\.delete\s*\(\s*recursive\s*:\s*true|\bremoveItem\s*\(|\bFile\.rm_rf\b|\b(?:std::)?filesystem::remove_all\s*\(|\bfs::remove_all\s*\(|\bnftw\s*\(|\bshutil\.rmtree\b/;

/** Paths of credential stores under home. */
const HOME_SECRET =
  /\.ssh\/|\.aws\/(?:credentials|config)|\.kube\/config|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker\/config\.json|\.gnupg\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.config\/gh\/hosts|\.config\/gcloud|\.azure\/|\.pgpass\b|\.cargo\/credentials|\.gem\/credentials|\.pub-cache\/credentials|\.composer\/auth\.json/;

/** Network clients of these languages. */
const NETWORK =
  /\bhttp\.(?:Post|Get|NewRequest|PostForm|DefaultClient)\b|\bnet\.Dial\b|\breqwest::|\bTcpStream::connect\b|\bHttpClient\b|\bHttpURLConnection\b|\bURLSession\b|\bOkHttpClient\b|\bWebClient\b|\bcurl_easy_\w+\b|\bsocket\s*\(|\bDio\s*\(|\bhttp\.(?:post|get)\s*\(|\bSocket\.connect\b|\bURL\s*\(\s*"https?:/;

/** The reasons added code reaches what its process starts do not show; empty when it shows none. */
export function compiledEffects(code: string): string[] {
  const out: string[] = [];
  const home = HOME.test(code);
  if (home && TREE_DELETE.test(code)) out.push('deletes a folder tree where it also names the home folder');
  if (HOME_SECRET.test(code) && (home || NETWORK.test(code)))
    out.push(
      NETWORK.test(code)
        ? 'reads a credential store of the home folder and reaches the network'
        : 'reads a credential store of the home folder',
    );
  return out;
}
