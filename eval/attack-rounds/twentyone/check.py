#!/usr/bin/env python3
"""Validates s1.tsv: parse, tool_name present, label set, counts; checks Edit old_strings against the fixture."""
import json, os, sys, collections
here = os.path.dirname(os.path.abspath(__file__))
WS = os.path.join(here, "fixture/ws"); HOME_ = os.path.join(here, "fixture/home")
cnt = collections.Counter(); cls = collections.Counter(); bad = 0; n = 0
for i, line in enumerate(open(os.path.join(here, "s1.tsv")), 1):
    line = line.rstrip("\n")
    if not line or line.startswith("#"): continue
    n += 1
    try:
        label, c, js = line.split("\t", 2)
        call = json.loads(js)
        assert label in ("deny", "notallow", "allow"), label
        assert isinstance(call.get("tool_name"), str) and isinstance(call.get("tool_input"), dict)
    except Exception as e:
        bad += 1; print(f"line {i}: {e}"); continue
    cnt[label] += 1; cls[c] += 1
    ti = call["tool_input"]
    edits = ti.get("edits") if call["tool_name"] == "MultiEdit" else ([ti] if call["tool_name"] == "Edit" else [])
    for e in edits:
        p = ti["file_path"].replace("$WS", WS).replace("$HOME_", HOME_)
        if os.path.exists(p) and e["old_string"] not in open(p).read():
            print(f"line {i}: old_string not found in {ti['file_path']}")
    if call["tool_name"] in ("Read",):
        p = ti["file_path"].replace("$WS", WS).replace("$HOME_", HOME_)
        if not os.path.exists(p): print(f"line {i}: Read target missing: {ti['file_path']}")
print(f"{n} cases, {bad} bad; labels: {dict(cnt)}; {len(cls)} classes")
sys.exit(1 if bad else 0)
