#!/usr/bin/env python3
"""Checks s1.tsv (round r37, "larder") against the fixture built by mkfixture.sh (eval/attack-rounds/check_suite.py).

Usage: python3 eval/attack-rounds/thirtyseven/check.py [--rebuild]
"""
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.exit(subprocess.call([sys.executable, str(HERE.parent / "check_suite.py"), str(HERE), *sys.argv[1:]]))
