"""Time and peak memory of ``solve`` on the audit's adversarial boards
(``benchmarks/adversarial.py``), each in a fresh process, under the default
budget (``explainer.engine.budget.DEFAULT_SECONDS`` / ``DEFAULT_WORK``).

    .venv/bin/python benchmarks/budget_bench.py [--hint] [--no-budget --cap-mib 3000 --timeout 60]

Prints, per board: the outcome (exact, cheap fallback, or the error), wall
and CPU seconds of the solve, and the process's peak RSS
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``).  ``--no-budget`` measures
the engine without a budget (what it did before budgets), with the address
space capped at ``--cap-mib`` and a ``--timeout`` so the run ends.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from adversarial import ADVERSARIAL
from explainer import make_hint, solve
from explainer.engine import budget
from explainer.errors import BudgetExceeded
label, build = ADVERSARIAL[int(sys.argv[2])]
use_budget, hint = sys.argv[3] == "1", sys.argv[4] == "1"
board = build()
wall, cpu = time.monotonic(), time.process_time()
try:
    if use_budget:
        with budget.limit(seconds=budget.DEFAULT_SECONDS, work=budget.DEFAULT_WORK):
            result = make_hint(board).kind if hint else solve(board)
    else:
        result = make_hint(board).kind if hint else solve(board)
    outcome = result if hint else ("exact" if result.exact else "cheap fallback")
except BudgetExceeded as error:
    outcome = f"BudgetExceeded ({error.kind})"
except MemoryError:
    outcome = "MemoryError"
print(json.dumps({"label": label, "outcome": outcome, "wall": time.monotonic() - wall,
                  "cpu": time.process_time() - cpu,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hint", action="store_true", help="make_hint instead of solve")
    parser.add_argument("--no-budget", action="store_true", help="no budget (the engine as before budgets)")
    parser.add_argument("--cap-mib", type=int, default=3000, help="address-space cap with --no-budget (default 3000)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per board with --no-budget (default 60)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from adversarial import ADVERSARIAL

    print(f"{'board':<22}{'outcome':<26}{'wall s':>8}{'cpu s':>8}{'peak MB':>9}")
    for number, (label, _build) in enumerate(ADVERSARIAL):
        command = [sys.executable, "-c", CHILD, str(HERE), str(number), "0" if args.no_budget else "1", "1" if args.hint else "0"]
        prefix = []
        if args.no_budget:
            prefix = ["prlimit", f"--as={args.cap_mib * 1024 * 1024}"]
        try:
            done = subprocess.run(prefix + command, capture_output=True, text=True, timeout=args.timeout if args.no_budget else 120)
        except subprocess.TimeoutExpired:
            print(f"{label:<22}{'timed out':<26}{args.timeout:>8.1f}")
            continue
        if done.returncode != 0 or not done.stdout.strip():
            print(f"{label:<22}{'crashed: ' + done.stderr.strip().splitlines()[-1][:60] if done.stderr.strip() else 'crashed'}")
            continue
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{label:<22}{row['outcome']:<26}{row['wall']:>8.2f}{row['cpu']:>8.2f}{row['rss_mb']:>9.0f}")


if __name__ == "__main__":
    main()
