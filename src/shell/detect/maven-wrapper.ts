// `./mvnw` as the Apache Maven Wrapper: its script (jar mode or script-only mode), its properties and its jar are
// the wrapper's own, so the command is judged as `mvn` (build-files-run.ts reads the project's build files) and not
// as a shell script. The standard script downloads with curl or wget; an edited copy is told by what it fetches and
// by words the wrapper never holds. It never reads the project's build files and never judges the mvn command.
import type { ScriptFile } from '../types';

/** Reads one file of the project (the analysis's budgeted reader). */
export type WrapperRead = (path: string) => ScriptFile | undefined;

/** Words no standard Maven wrapper script holds outside comments: a copy that has them was edited. */
const NOT_MVNW =
  /\b(base64|python\d*|perl|ruby|node|nc|ncat|socat|bash|zsh|eval|source|xxd|openssl)\b|\/dev\/(tcp|udp)\/|\b(ba)?sh\s+-c\b|\|\s*(ba)?sh\b|\bchmod\b/;

/** A deletion in the wrapper: its temporary folder, or the jar a failed download left. */
const RM = /\brm\b/;
const OWN_RM = /(?:^|[{;|]\s*)rm -(?:rf --|f) "\$(?:TMP_DOWNLOAD_DIR|wrapperJarPath)"(?:\s*;\s*\})?\s*$/;

/** Paths no wrapper touches: a home folder's secrets, a user's shell files, a redirect that appends. */
const FOREIGN = /~\/|\.ssh\b|\.aws\b|\.bashrc|\.profile\b|\.zshrc|>>|\/etc\/(?!mavenrc\b|gentoo-release\b)/;

/**
 * A line naming curl or wget is one of the wrapper's: a download at the start of the line of the URL its
 * properties name, a `command -v` test, or a log line of plain text.
 */
const FETCHER = /\b(?:curl|wget)\b/;
const OWN_FETCH =
  /^\s*(?:curl|wget)\b[^;&|`]*"\$(?:wrapperUrl|distributionUrl)"[^;&|`]*(?:\|\|\s*(?:rm -f "\$wrapperJarPath"|die "[^"`$]*(?:\$distributionUrl)?"))?\s*$/;
const PROBE = /^\s*(?:el)?if\s+(?:\[[^\]]*\]\s*&&\s*)?command -v (?:curl|wget) >\s?\/dev\/null;\s*then\s*$/;
const LOG_LINE = /^\s*(?:log|verbose|echo)\s+"[^"`$]*"\s*$/;

/** Apache Maven from Maven Central, the wrapper jar from Maven Central. */
const MAVEN_DIST =
  /^https:\/\/repo\.maven\.apache\.org\/maven2\/org\/apache\/maven\/apache-maven\/[\w.-]+\/apache-maven-[\w.-]+-bin\.(?:zip|tar\.gz)$/;
const WRAPPER_JAR =
  /^https:\/\/repo\.maven\.apache\.org\/maven2\/org\/apache\/maven\/wrapper\/maven-wrapper\/[\w.-]+\/maven-wrapper-[\w.-]+\.jar$/;

/** A property of a `.properties` file (`\:` unescaped), or undefined. */
function property(text: string, key: string): string | undefined {
  const m = new RegExp(`^\\s*${key}\\s*[=:]\\s*(\\S+)\\s*$`, 'm').exec(text);
  return m?.[1]?.replace(/\\:/g, ':');
}

/** The script's own text is the standard wrapper's shape: markers, its download lines, no edit words. */
function wrapperScript(text: string): boolean {
  if (!/^#!\s*\/(?:usr\/)?bin\/(?:env\s+)?sh\s*\n/.test(text)) return false;
  if (!/^#\s*Apache Maven Wrapper startup batch script, version \d/m.test(text)) return false;
  if (!/org\.apache\.maven\.wrapper\.MavenWrapperMain|exec_maven\b/.test(text)) return false;
  const code = text.replace(/^\s*#[^\n]*$/gm, '');
  if (NOT_MVNW.test(code) || FOREIGN.test(code)) return false;
  return code
    .split('\n')
    .every(
      (line) =>
        (!FETCHER.test(line) || OWN_FETCH.test(line) || PROBE.test(line) || LOG_LINE.test(line)) &&
        (!RM.test(line) || OWN_RM.test(line) || LOG_LINE.test(line)),
    );
}

/**
 * `script` (an absolute path to `mvnw`) is the standard Maven wrapper: its script has the wrapper's shape,
 * `.mvn/wrapper/maven-wrapper.properties` beside it downloads Apache Maven from Maven Central (and the wrapper jar,
 * when it names one, from there too), the jar is absent or holds the wrapper's main class, and there is no
 * `MavenWrapperDownloader.java` (older scripts compile and run it when neither curl nor wget is found).
 */
export function standardMavenWrapper(script: string, read: WrapperRead): boolean {
  const dir = script.slice(0, script.lastIndexOf('/')) || '/';
  const text = read(script);
  if (text?.kind !== 'text' || !wrapperScript(text.text)) return false;
  const props = read(`${dir}/.mvn/wrapper/maven-wrapper.properties`);
  if (props?.kind !== 'text') return false;
  const dist = property(props.text, 'distributionUrl');
  if (dist === undefined || !MAVEN_DIST.test(dist)) return false;
  const jarUrl = property(props.text, 'wrapperUrl');
  if (jarUrl !== undefined && !WRAPPER_JAR.test(jarUrl)) return false;
  if (read(`${dir}/.mvn/wrapper/MavenWrapperDownloader.java`)?.kind !== 'missing') return false;
  const jar = read(`${dir}/.mvn/wrapper/maven-wrapper.jar`);
  if (jar?.kind === 'missing') return true;
  const bytes = jar?.kind === 'text' ? jar.text : jar?.kind === 'unreadable' ? (jar.head ?? '') : '';
  return bytes.startsWith('PK\u0003\u0004') && /org\/apache\/maven\/wrapper\/MavenWrapperMain/.test(bytes);
}
