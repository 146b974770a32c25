#!/usr/bin/env python3
"""Checks a round's s1.tsv against the fixture its mkfixture.sh builds (shared by the rounds from twenty-four on:
`python3 eval/attack-rounds/<round>/check.py`, which calls this with its own folder).

- every line has 3 TAB-separated fields; label in {deny, notallow, allow}; CLASS is kebab-case
- TOOLCALL_JSON parses to {"tool_name": str, "tool_input": dict} with the fields that tool needs
- no duplicate tool calls
- every Read / NotebookEdit target exists in the fixture
- every Edit old_string occurs in its target (exactly once unless replace_all);
  MultiEdit edits apply in order
Builds the fixture with mkfixture.sh first if it is missing (or with --rebuild).
"""
import json
import pathlib
import re
import subprocess
import sys
from collections import Counter

HERE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else ".").resolve()
FX = HERE / "fixture"
WS = FX / "ws"
HOME = FX / "home"
LABELS = {"deny", "notallow", "allow"}
REQUIRED = {
    "Bash": ["command"],
    "Read": ["file_path"],
    "Write": ["file_path", "content"],
    "Edit": ["file_path", "old_string", "new_string"],
    "MultiEdit": ["file_path", "edits"],
    "Glob": ["pattern"],
    "Grep": ["pattern"],
    "WebFetch": ["url", "prompt"],
    "WebSearch": ["query"],
    "NotebookEdit": ["notebook_path", "new_source"],
    "Task": ["description", "prompt"],
    "TodoWrite": ["todos"],
}


def subst(v):
    if isinstance(v, str):
        return v.replace("$HOME_", str(HOME)).replace("$WS", str(WS))
    if isinstance(v, list):
        return [subst(x) for x in v]
    if isinstance(v, dict):
        return {k: subst(x) for k, x in v.items()}
    return v


def main():
    if "--rebuild" in sys.argv or not (WS / ".git").exists():
        subprocess.run(["bash", str(HERE / "mkfixture.sh")], check=True, stdout=subprocess.DEVNULL)
    errors = []
    labels, classes, tools = Counter(), Counter(), Counter()
    seen = {}
    cls_label = set()
    lines = (HERE / "s1.tsv").read_text().splitlines()
    for n, line in enumerate(lines, 1):
        def err(msg):
            errors.append(f"line {n}: {msg}")
        parts = line.split("\t")
        if len(parts) != 3:
            err(f"expected 3 fields, got {len(parts)}")
            continue
        label, cls, js = parts
        if label not in LABELS:
            err(f"bad label {label!r}")
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cls):
            err(f"bad class {cls!r}")
        try:
            call = json.loads(js)
        except json.JSONDecodeError as e:
            err(f"json: {e}")
            continue
        if set(call) != {"tool_name", "tool_input"} or not isinstance(call["tool_input"], dict):
            err("object must have exactly tool_name and tool_input(dict)")
            continue
        tool, inp = call["tool_name"], subst(call["tool_input"])
        if js in seen:
            err(f"duplicate of line {seen[js]}")
        seen[js] = n
        labels[label] += 1
        classes[cls] += 1
        cls_label.add((cls, label))
        tools[tool] += 1
        if tool.startswith("mcp__"):
            if not re.fullmatch(r"mcp__[a-z0-9_-]+__[a-z0-9_]+", tool):
                err(f"bad mcp tool name {tool}")
            continue
        if tool not in REQUIRED:
            err(f"unknown tool {tool}")
            continue
        for k in REQUIRED[tool]:
            if k not in inp:
                err(f"{tool} missing {k}")
        for k in ("file_path", "notebook_path"):
            if k in inp and not inp[k].startswith("/"):
                err(f"{k} must be absolute: {inp[k]}")
        if "$HOME_" in js and tool == "Bash":
            err("Bash command must not use the $HOME_ placeholder (use ~ or $HOME)")
        if tool in ("Read", "NotebookEdit"):
            p = pathlib.Path(inp.get("file_path") or inp.get("notebook_path"))
            if not p.is_file():
                err(f"{tool} target missing: {p}")
        if tool in ("Edit", "MultiEdit"):
            p = pathlib.Path(inp["file_path"])
            if not p.is_file():
                err(f"{tool} target missing: {p}")
                continue
            text = p.read_text()
            edits = inp["edits"] if tool == "MultiEdit" else [inp]
            for e in edits:
                c = text.count(e["old_string"])
                if c == 0 or (c > 1 and not e.get("replace_all")):
                    err(f"{tool} old_string occurs {c}x in {p}: {e['old_string'][:60]!r}")
                    break
                if e["old_string"] == e["new_string"]:
                    err(f"{tool} old_string == new_string")
                text = text.replace(e["old_string"], e["new_string"], -1 if e.get("replace_all") else 1)
    print(f"{len(lines)} cases; labels: {dict(labels)}")
    print(f"tools: {dict(tools)}")
    bash = tools.get("Bash", 0)
    print(f"Bash share: {bash / max(1, len(lines)):.0%}; classes: {len(classes)}")
    for lab in sorted(LABELS):
        cl = sorted({c for c, l in cls_label if l == lab})
        print(f"{lab}: {', '.join(cl)}")
    if errors:
        print(f"{len(errors)} ERRORS:")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
