#!/usr/bin/env node
// Run the engine's own tests (tests/engine/) inside Pyodide under Node, against the project's wheel.
//
//   node tests/pyodide/run_pytest.mjs [pytest arguments...]
//
// With no argument it runs every tests/engine/test_*.py but those marked heavy (many rounds or samples
// played: the CPython run has them, and tests/pyodide/test_json_identity.py shows that Pyodide plays the
// same rounds); any arguments are handed to pytest as they are (paths relative to the repository, -k,
// -x, ...). Exits with pytest's exit code; 2 when not prepared.

import { join, resolve } from "node:path";
import { REPO, bootPyodide, exitOnError, timing } from "./pyodide_boot.mjs";

function pytestArguments(argv) {
  const args = argv.map((arg) => (arg.startsWith("-") ? arg : resolve(REPO, arg)));
  if (!args.some((arg) => !arg.startsWith("-"))) {
    args.push("-m", "not heavy", join(REPO, "tests", "engine"));
  }
  return args;
}

async function main() {
  const { pyodide, manifest } = await bootPyodide({ testWheels: true, mountRepo: true });
  const args = [
    "-p",
    "no:cacheprovider",
    "--color=no",
    "--rootdir",
    manifest.repository,
    "-c",
    join(manifest.repository, "pyproject.toml"),
    "--hypothesis-profile=pyodide",
    ...pytestArguments(process.argv.slice(2)),
  ];
  pyodide.globals.set("pytest_args", pyodide.toPy(args));
  const start = performance.now();
  const code = pyodide.runPython(`
import os, platform, sys

import pytest


class PyodideProfile:
    """Pyodide runs slower than CPython: no per-example deadline. No example database in the throw-away
    in-memory file system; derandomized, so a failure here comes back with the same command (the
    CPython run keeps exploring at random). Registered before Hypothesis' own plugin loads it."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        from hypothesis import HealthCheck, settings

        settings.register_profile(
            "pyodide",
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow],
        )


os.makedirs("/home/pyodide/pytest-run", exist_ok=True)
os.chdir("/home/pyodide/pytest-run")
print(f"Pyodide {platform.python_implementation()} {platform.python_version()} on {sys.platform}")
int(pytest.main(list(pytest_args), plugins=[PyodideProfile()]))
`);
  timing("pytest", performance.now() - start);
  process.exitCode = code;
}

main().catch(exitOnError);
