"""Time a clean build of the site: the two ``sphinx-build`` runs of ``nox -s docs``, from nothing.

    python benchmarks/bench_docs.py [--out .cache/bench/build]

The output folder is emptied first, so nothing is reused (no doctrees, no copied static files); the
shared ``docs/_build`` is left alone. The built HTML stays in ``<out>/html`` for ``bench_site.py``.
The times, with the load average (the machine is shared), go to ``.cache/bench/docs.json``.
A build that fails (warnings are errors, as in ``nox -s docs``) is reported as failed, with its time.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

from benchlib import RESULTS_DIR, ROOT, load_average, machine, write_results

STRICT: Final = ("-n", "-W", "--keep-going")


def build(builder: str, out: Path) -> dict[str, object]:
    command = [sys.executable, "-m", "sphinx", *STRICT, "-q", "-b", builder, "docs", str(out)]
    before = load_average()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
    return {
        "builder": builder,
        "seconds": round(seconds, 2),
        "ok": result.returncode == 0,
        "warnings": warnings[:20],
        "load_average_before": before,
        "load_average_after": load_average(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=RESULTS_DIR / "build", help="emptied, then built into")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    if out == ROOT or ROOT.is_relative_to(out) or (ROOT / "docs").resolve().is_relative_to(out):
        parser.error(f"refusing to empty {out}")
    shutil.rmtree(out, ignore_errors=True)
    html = build("html", out / "html")
    doctest = build("doctest", out / "doctest")
    total = float(str(html["seconds"])) + float(str(doctest["seconds"]))
    results = {"machine": machine(), "html": html, "doctest": doctest, "total_seconds": round(total, 2)}
    path = write_results("docs", results)
    print("Clean docs build (the commands of `nox -s docs`, into an empty folder):")
    for part in (html, doctest):
        state = "ok" if part["ok"] else "FAILED"
        print(f"  {part['builder']:8} {part['seconds']:>7} s  {state}  load {part['load_average_before']}")
        for line in part["warnings"] if isinstance(part["warnings"], list) else []:
            print(f"    {line}")
    print(f"  total    {total:>7.2f} s")
    print(f"results: {path.relative_to(ROOT)}; site: {(out / 'html').relative_to(ROOT)}")
    return 0 if html["ok"] and doctest["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
