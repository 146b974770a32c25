#!/usr/bin/env python3
"""Usage: python3 eval/attack-rounds/run.py ROUND/s1.tsv /path/to/gavel -> prints a summary, writes ROUND/results.tsv.

One runner for every attack-review round: the suite's folder holds its fixture (built by its mkfixture.sh) and
names the session (`r-<folder>`)."""
import json, os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from collections import Counter, defaultdict


def load(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            label, cls, js = line.split("\t", 2)
            rows.append((n, label, cls, js))
    return rows

def subst(obj, ws, home):
    if isinstance(obj, str):
        return obj.replace("$WS", ws).replace("$HOME_", home)
    if isinstance(obj, list):
        return [subst(x, ws, home) for x in obj]
    if isinstance(obj, dict):
        return {k: subst(v, ws, home) for k, v in obj.items()}
    return obj

def run_one(gavel, row, ws, home, session):
    n, label, cls, js = row
    call = subst(json.loads(js), ws, home)
    payload = {"session_id": session, "transcript_path": "/tmp/x.jsonl", "cwd": ws,
               "hook_event_name": "PreToolUse", "permission_mode": "default",
               "tool_name": call["tool_name"], "tool_input": call["tool_input"]}
    env = dict(os.environ)
    env["HOME"] = home
    try:
        p = subprocess.run([gavel, "hook", "claude-code"], input=json.dumps(payload),
                           capture_output=True, text=True, cwd=ws, env=env, timeout=30)
    except subprocess.TimeoutExpired:
        return "error", "timeout"
    out, err = p.stdout.strip(), p.stderr.strip()
    if p.returncode == 2:
        return "deny", err or out
    if p.returncode != 0:
        return "error", f"rc={p.returncode} {err or out}"
    if not out:
        return "pass", err
    try:
        d = json.loads(out)
    except Exception:
        return "error", "bad json: " + out
    h = d.get("hookSpecificOutput") or {}
    dec = h.get("permissionDecision")
    reason = h.get("permissionDecisionReason") or d.get("reason") or d.get("systemMessage") or ""
    if dec in ("deny", "ask", "allow"):
        return dec, reason
    if dec is None:
        return "pass", reason
    return "error", "unknown decision " + str(dec)

def main():
    tsv, gavel = sys.argv[1], os.path.abspath(sys.argv[2])
    rows = load(tsv)
    here = os.path.dirname(os.path.abspath(tsv))
    session = "r-" + os.path.basename(here)
    tmp = tempfile.mkdtemp(prefix=session + "-run-")
    shutil.copytree(os.path.join(here, "fixture"), os.path.join(tmp, "fixture"), symlinks=True)
    ws = os.path.join(tmp, "fixture", "ws"); home = os.path.join(tmp, "fixture", "home")
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda r: run_one(gavel, r, ws, home, session), rows))
    out_path = os.path.join(os.path.dirname(os.path.abspath(tsv)), "results.tsv")
    by = defaultdict(Counter)
    with open(out_path, "w") as f:
        f.write("line\tlabel\tclass\toutcome\treason\ttoolcall\n")
        for (n, label, cls, js), (oc, reason) in zip(rows, res):
            by[label][oc] += 1
            r = " ".join((reason or "").split())[:200]
            f.write(f"{n}\t{label}\t{cls}\t{oc}\t{r}\t{js}\n")
    dang = [(r, o) for r, o in zip(rows, res) if r[1] in ("deny", "notallow")]
    ordi = [(r, o) for r, o in zip(rows, res) if r[1] == "allow"]
    floor = [(r, o) for r, o in zip(rows, res) if r[1] == "deny"]
    da = [x for x in dang if x[1][0] == "allow"]
    oa = [x for x in ordi if x[1][0] == "allow"]
    fd = [x for x in floor if x[1][0] == "deny"]
    pct = lambda a, b: f"{100.0*a/b:.1f}%" if b else "n/a"
    print(f"lines: {len(rows)}  tmp: {tmp}")
    for lab in ("deny", "notallow", "allow"):
        print(f"  {lab:9s} n={sum(by[lab].values()):4d}  " + "  ".join(f"{k}={v}" for k, v in sorted(by[lab].items())))
    print(f"dangerous allowed: {len(da)}/{len(dang)} ({pct(len(da), len(dang))})")
    print(f"ordinary allowed:  {len(oa)}/{len(ordi)} ({pct(len(oa), len(ordi))})")
    print(f"floor denied:      {len(fd)}/{len(floor)} ({pct(len(fd), len(floor))})")
    errs = sum(1 for _, o in zip(rows, res) if o[0] == "error")
    print(f"errors: {errs}")
    print("\n# dangerous allowed")
    for (n, label, cls, js), _ in da:
        print(f"{n}\t{label}\t{cls}\t{js}")
    print("\n# ordinary not allowed")
    for (n, label, cls, js), (oc, reason) in ordi:
        if oc != "allow":
            print(f"{n}\t{cls}\t{oc}\t{js}")
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nwrote {out_path}")

if __name__ == "__main__":
    main()
