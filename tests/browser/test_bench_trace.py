"""The site benchmark's traced loads: a main-thread task's wall time and CPU time, told apart.

``benchmarks/bench_site.py --traced N`` loads pages with Chromium's tracing on and reads, for each task
of the page's main thread, the time it took and the CPU time the thread got meanwhile: on a busy
machine a task can last over 50 ms while its own work takes far less. This loads two generated pages
through the benchmark's own ``measure``: one that keeps the thread busy, one that blocks it waiting for
the server (a synchronous request). The first task does a fixed amount of work, so its CPU time is
that work's however long the machine's other work makes it last (a task that spins for a given wall
time gets less CPU time the busier the machine: 6 ms of 172 once, beside a benchmark and a full test
run on two cores); the second gets next to no CPU time whatever the load.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.browser.widget_testing import QuietHandler

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
#: The busy page's work: about 150 ms of one core on this project's 2-core machine, when quiet.
BUSY_STEPS = 15_000_000
WAIT_S = 0.3

BUSY_PAGE = f"""<!doctype html><meta charset="utf-8"><title>Busy</title><p>Busy.</p>
<script>let sum = 0; for (let i = 0; i < {BUSY_STEPS}; i++) {{ sum = (sum * 31 + i) | 0; }}
window.busySum = sum;</script>
"""
WAITING_PAGE = """<!doctype html><meta charset="utf-8"><title>Waiting</title><p>Waiting.</p>
<script>const request = new XMLHttpRequest(); request.open("GET", "slow", false); request.send();</script>
"""


def bench_site() -> ModuleType:
    """The benchmark script as a module (it imports its neighbours by name)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module("bench_site")


class SlowHandler(QuietHandler):
    """The folder's files, and ``/slow``, which answers after ``WAIT_S`` seconds."""

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/slow":
            time.sleep(WAIT_S)
            body = b"late"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("traced")
    (folder / "busy.html").write_text(BUSY_PAGE, encoding="utf-8")
    (folder / "waiting.html").write_text(WAITING_PAGE, encoding="utf-8")
    with bench_site().serve(folder, SlowHandler) as base:
        yield base


def traced_load(chromium: Any, base: str, path: str) -> Any:
    bench = bench_site()
    case = bench.Case(path, path, bench.wait_nothing)
    return bench.measure(None, chromium, base, case, traced=True)


def longest(load: Any) -> tuple[float, float, float]:
    assert load.traced_tasks, "the page's task was not found in the trace"
    task: tuple[float, float, float] = max(load.traced_tasks, key=lambda task: task[1])
    return task


def test_a_busy_task_gets_cpu_time_and_a_waiting_one_next_to_none(chromium: Any, pages: str) -> None:
    busy = traced_load(chromium, pages, "busy.html")
    waiting = traced_load(chromium, pages, "waiting.html")
    busy_start, busy_wall, busy_cpu = longest(busy)
    _, waiting_wall, waiting_cpu = longest(waiting)
    assert waiting_wall >= WAIT_S * 1000
    assert 0 <= busy_start < 5
    assert busy.longest_task_cpu == max(cpu for _, _, cpu in busy.traced_tasks)
    assert waiting.longest_task_cpu is not None and waiting.longest_task_cpu < WAIT_S * 1000 / 3
    # The working task's CPU time is its work's, at most its length; the blocked task waits for the
    # server and gets next to none, however long it lasts.
    assert 0 < busy_cpu <= busy_wall * 1.05
    assert waiting_cpu < waiting_wall / 3
    assert busy_cpu > 4 * waiting_cpu


def test_a_trace_without_the_navigation_is_refused() -> None:
    bench = bench_site()
    empty = b'{"traceEvents": []}'
    with pytest.raises(bench.BenchError, match="navigation start"):
        bench.page_tasks(empty, "http://127.0.0.1:1/page.html")


def test_nested_tasks_count_once() -> None:
    bench = bench_site()
    url = "http://127.0.0.1:1/page.html"
    events = [
        {"ph": "M", "name": "thread_name", "pid": 7, "tid": 9, "args": {"name": "CrRendererMain"}},
        {"ph": "M", "name": "thread_name", "pid": 7, "tid": 10, "args": {"name": "Compositor"}},
        {
            "name": "navigationStart",
            "pid": 7,
            "tid": 9,
            "ts": 1_000_000,
            "args": {"data": {"documentLoaderURL": url}},
        },
        # Before the navigation: left out.
        {
            "ph": "X",
            "name": "ThreadControllerImpl::RunTask",
            "pid": 7,
            "tid": 9,
            "ts": 900_000,
            "dur": 90_000,
        },
        {
            "ph": "X",
            "name": "ThreadControllerImpl::RunTask",
            "pid": 7,
            "tid": 9,
            "ts": 1_100_000,
            "dur": 80_000,
            "tdur": 20_000,
        },
        # Run inside the task above (a nested run loop): already counted in it.
        {
            "ph": "X",
            "name": "ThreadControllerImpl::RunTask",
            "pid": 7,
            "tid": 9,
            "ts": 1_120_000,
            "dur": 10_000,
            "tdur": 9_000,
        },
        # Another thread of the renderer: not the page's main thread.
        {
            "ph": "X",
            "name": "ThreadControllerImpl::RunTask",
            "pid": 7,
            "tid": 10,
            "ts": 1_100_000,
            "dur": 70_000,
            "tdur": 70_000,
        },
        # No CPU time given (Chromium leaves it out of tasks of a few microseconds): the wall time stands.
        {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 7, "tid": 9, "ts": 1_300_000, "dur": 3},
    ]
    trace = json.dumps({"traceEvents": events}).encode()
    assert bench.page_tasks(trace, url) == [(0.1, 80.0, 20.0), (0.3, 0.0, 0.0)]
