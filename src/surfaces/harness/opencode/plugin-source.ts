/**
 * The text of the OpenCode plugin `gavel init opencode` writes: one self-contained ES module (it imports nothing
 * of gavel, so it works for a checkout and a package alike, and a project's copy names only `gavel` on PATH).
 * Its `tool.execute.before` runs `<gavel> hook opencode` with the call on stdin and throws, which fails the call
 * in OpenCode, unless the answer is exactly `{"block": false}`: a spawn error, a non-zero exit, a timeout or an
 * unreadable answer all block. Its `chat.message` keeps the text the person typed in each session (text parts
 * that OpenCode did not synthesize, such as file contents an `@` mention pulled in), and a sub-agent's session
 * (one created with a parent) keeps none, as its "user" is the main agent. The default export is the plugin
 * function carrying `id` and `server`, the shape every OpenCode 1.x loader accepts. Pure: builds text only.
 */

/** Milliseconds the plugin waits for gavel: above its 20 s deadline, so gavel's own block arrives first. */
export const OPENCODE_JUDGE_TIMEOUT_MS = 25_000;

export const OPENCODE_PLUGIN_MARK = 'Installed by `gavel init opencode`';

export function openCodePluginSource(gavel: string, timeoutMs = OPENCODE_JUDGE_TIMEOUT_MS): string {
  return `// ${OPENCODE_PLUGIN_MARK}: every OpenCode tool call is judged by gavel before it runs.
// Remove this file to uninstall. Generated; edits are lost on the next \`gavel init opencode\`.
import { spawn } from "node:child_process";

const GAVEL = ${JSON.stringify(gavel)};
const TIMEOUT_MS = ${timeoutMs};
const TURNS = 20;

function judge(request) {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    const fail = (why) => finish({ block: true, reason: "gavel: " + why + "; the call is blocked" });
    let child;
    try {
      child = spawn(GAVEL, ["hook", "opencode"], { stdio: ["pipe", "pipe", "pipe"], timeout: TIMEOUT_MS });
    } catch {
      return fail("could not start the check");
    }
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", () => fail("could not start the check"));
    // Killed (the timeout, a signal): block now, without waiting for pipes a grandchild may hold open.
    child.on("exit", (code, signal) => {
      if (code === null) fail("the check was stopped by " + (signal || "a signal"));
    });
    child.on("close", (code) => {
      if (code !== 0) {
        const line = err.trim().split("\\n")[0].replace(/^gavel: /, "");
        return fail(line || "the check exited with " + code);
      }
      try {
        const answer = JSON.parse(out);
        if (answer && answer.block === false) return finish({ block: false });
        if (answer && answer.block === true && typeof answer.reason === "string") {
          return finish({ block: true, reason: answer.reason });
        }
      } catch {
        // unreadable: blocked below
      }
      fail("the check answered something unreadable");
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(request));
  });
}

function typedText(parts) {
  if (!Array.isArray(parts)) return "";
  return parts
    .filter((p) => p && p.type === "text" && typeof p.text === "string" && !p.synthetic && !p.ignored)
    .map((p) => p.text)
    .join("\\n")
    .trim();
}

async function gavel({ directory, worktree }) {
  const turns = new Map();
  const subagents = new Set();
  return {
    event: async ({ event }) => {
      const info = event && event.type === "session.created" && event.properties && event.properties.info;
      if (info && info.parentID && typeof info.id === "string") subagents.add(info.id);
    },
    "chat.message": async (input, output) => {
      if (!input || subagents.has(input.sessionID)) return;
      const text = typedText(output && output.parts);
      if (!text) return;
      const list = turns.get(input.sessionID) || [];
      list.push(text);
      turns.set(input.sessionID, list.slice(-TURNS));
    },
    "tool.execute.before": async (input, output) => {
      const answer = await judge({
        tool: input.tool,
        sessionID: input.sessionID,
        callID: input.callID,
        args: output.args,
        directory: directory || worktree,
        userTurns: subagents.has(input.sessionID) ? [] : turns.get(input.sessionID) || [],
      });
      if (answer.block === false) return;
      throw new Error(answer.reason);
    },
  };
}

export default Object.assign(gavel, { id: "gavel", server: gavel });
`;
}
