#!/usr/bin/env python3
"""Measures the worst Solutions within (and over) the budget of
onsets_core::budget against a release `onsets serve` (docs/performance.md,
"Bounded work"; docs/security/budgets.md).

Usage: python3 docs/security/measure_budgets.py target/release/onsets [REPS]

Each case runs on a fresh server (SQLite in a temporary folder, loopback
only): warmed by one small request, then REPS requests one after another;
prints the status, the median and worst time (ms) and the server's peak
resident memory (VmHWM) before and after the case.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

EXE = sys.argv[1]
REPS = int(sys.argv[2]) if len(sys.argv) > 2 else 11
PORT = 18931

POSITION = {"division": "senior", "adventurous": False,
            "universe": "B R G Y BR BG BY RG RY GY BRG BRY BGY RGY BRGY -",
            "goal": "5", "required": "B ∪", "permitted": "R G ∩ −",
            "situation": "impossible"}
W0 = ("(B ∪ R − G) ∪ (Y ∩ B − R) − (B ∪ R − G) ∪ (B ∪ R − G) ∩ Y′ − R ∩ Y′ ∪ B ∩ Y"
      " ∪ G − (B ∪ R − G) − R′ − Y′ ∩ R′ ∪ G ∪ R′")
W1 = ("R − B′ ∪ B ∩ Y ∩ (B ∪ R − G) ∩ B ∪ R′ ∪ Y′ − R ∪ Y − G − (B ∪ R − G) ∩ R"
      " − (Y ∩ B − R) − G − B")
C14 = "R − B′ ∪ B ∩ Y ∩ G ∩ B ∪ R′ ∪ Y′ − R ∪ Y − G ∩ B′ − G′"
CHAIN16 = " ∪ ".join(["B"] * 16)
CHAIN666 = " ∪ ".join(["B"] * 667)
# Sides of a Restriction chain, each a 5-operand chain (2 distinct tables
# or more per side), 96 symbols in all.
RCHAIN = " ⊆ ".join(["B ∪ G − R ∩ Y − B′"] * 7) + "; R"
DEEP = "(" * 63 + "B ∪ R − G" + ")" * 63
PRODUCT = f"({W1}) ∪ ({W1})"  # 93 symbols: the heaviest found within the budget
OVER = f"({W1}) ∪ ({W1}) − ({C14})"  # 124 symbols: over the budget
TWO = f"{W1} || {W0}"


def explain(text):
    return ("/api/explain", {"position": POSITION, "solution": text})


def judge(text):
    return ("/api/judge", {"position": POSITION,
                           "dispute": {"kind": "solution", "solution": text}})


CASES = [
    ("explain: 667-operand chain B ∪ … ∪ B (3,997 bytes; refused)", explain(CHAIN666)),
    ("explain: 16-operand chain B ∪ … ∪ B", explain(CHAIN16)),
    ("explain: worst 16-operand chain found (1,670 readings)", explain(W0)),
    ("explain: worst 16-operand chain found (1,775 readings)", explain(W1)),
    ("explain: product of two worst chains, 93 symbols", explain(PRODUCT)),
    ("explain: three long chains, 124 symbols (refused)", explain(OVER)),
    ("explain: Two Solutions, the two worst chains", explain(TWO)),
    ("explain: nesting 63 deep", explain(DEEP)),
    ("explain: Restriction of 7 ambiguous sides", explain(RCHAIN)),
    ("judge: worst 16-operand chain", judge(W1)),
    ("judge: product of two worst chains, 93 symbols", judge(PRODUCT)),
    ("judge: Two Solutions, the two worst chains", judge(TWO)),
    ("judge: 667-operand chain (refused)", judge(CHAIN666)),
    ("lesson step: 500-operand chain (999 chars)",
     ("/api/lessons/challenge/steps/2",
      {"type": "solution", "solution": "∪".join(["B"] * 500)})),
    ("lesson step: worst 16-operand chain",
     ("/api/lessons/challenge/steps/2", {"type": "solution", "solution": W1})),
    ("lesson step: product of two worst chains",
     ("/api/lessons/challenge/steps/2", {"type": "solution", "solution": PRODUCT})),
    ("puzzle attempt: 500-operand chain (999 chars)",
     ("PUZZLE", {"player": "measure-01", "answer": "∪".join(["B"] * 500)})),
    ("puzzle attempt: product of two worst chains",
     ("PUZZLE", {"player": "measure-01", "answer": PRODUCT})),
]


def post(path, body):
    data = json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", data=data,
                                 headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        e.read()
        status = e.code
    return status, (time.perf_counter() - t) * 1000


def hwm(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                return int(line.split()[1]) // 1024
    return -1


def server(folder):
    p = subprocess.Popen([EXE, "serve", "--port", str(PORT), "--database",
                          f"sqlite:{folder}/m.db", "--create-per-minute", "0"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=1).read()
            return p
        except Exception:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def main():
    print(f"{'case':<62} status  median ms  worst ms  VmHWM MB before → after")
    for name, (path, body) in CASES:
        with tempfile.TemporaryDirectory() as folder:
            p = server(folder)
            try:
                if path == "PUZZLE":
                    with urllib.request.urlopen(
                            f"http://127.0.0.1:{PORT}/api/puzzles/next?player=measure-01&kind=solve",
                            timeout=60) as r:
                        path = f"/api/puzzles/{json.load(r)['puzzle']['id']}/attempt"
                    post(path, {"player": "measure-01", "answer": "B"})
                elif path.startswith("/api/lessons"):
                    post(path, {"type": "solution", "solution": "B ∪ R"})
                else:
                    post(*explain("B ∪ R"))
                before = hwm(p.pid)
                runs = [post(path, body) for _ in range(REPS)]
                after = hwm(p.pid)
                post(*explain("B"))  # still up
            finally:
                p.terminate()
                p.wait()
        times = [t for _, t in runs]
        statuses = sorted({s for s, _ in runs})
        print(f"{name:<62} {statuses}  {statistics.median(times):9.1f}  "
              f"{max(times):8.1f}  {before} → {after}")


if __name__ == "__main__":
    main()
