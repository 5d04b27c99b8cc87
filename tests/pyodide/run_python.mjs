#!/usr/bin/env node
// Run a Python file or snippet inside Pyodide under Node, with the project's wheel installed.
//
//   node tests/pyodide/run_python.mjs FILE [args...]      runs FILE as __main__ (its folder on sys.path)
//   node tests/pyodide/run_python.mjs -c CODE [args...]   runs CODE
//   --test-wheels before FILE or -c also installs pytest, hypothesis and their dependencies
//
// The repository is mounted at its own absolute path, so a script finds its data as in CPython, and the
// working folder is the caller's when it lies inside the repository. stdout and stderr are the
// program's; Pyodide's timings go to stderr on lines starting with "pyodide-timing:". The exit code is
// the program's (an uncaught exception prints its traceback and gives 1; 2 when not prepared).

import { REPO, bootPyodide, exitOnError, timing } from "./pyodide_boot.mjs";
import { resolve } from "node:path";

const USAGE = "usage: node tests/pyodide/run_python.mjs [--test-wheels] (FILE | -c CODE) [args...]";

async function main() {
  let argv = process.argv.slice(2);
  const testWheels = argv[0] === "--test-wheels";
  if (testWheels) argv = argv.slice(1);
  let source;
  let argvForPython;
  if (argv[0] === "-c" && argv.length >= 2) {
    source = { code: argv[1] };
    argvForPython = ["-c", ...argv.slice(2)];
  } else if (argv.length >= 1 && !argv[0].startsWith("-")) {
    const path = resolve(argv[0]);
    if (!path.startsWith(REPO + "/")) {
      process.stderr.write(`run_python: ${path} is outside the repository, which is all Pyodide sees\n`);
      process.exit(2);
    }
    source = { path };
    argvForPython = [path, ...argv.slice(1)];
  } else {
    process.stderr.write(USAGE + "\n");
    process.exit(2);
  }
  const { pyodide } = await bootPyodide({ mountRepo: true, testWheels });
  const cwd = process.cwd();
  pyodide.globals.set("run_argv", pyodide.toPy(argvForPython));
  pyodide.globals.set("run_code", source.code);
  pyodide.globals.set("run_path", source.path);
  pyodide.globals.set("run_cwd", cwd === REPO || cwd.startsWith(REPO + "/") ? cwd : "/home/pyodide");
  const start = performance.now();
  const code = pyodide.runPython(`
import os, runpy, sys, traceback


def _run() -> int:
    sys.argv = list(run_argv)
    os.chdir(run_cwd)
    try:
        if run_path is None:
            exec(compile(run_code, "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
        else:
            sys.path.insert(0, os.path.dirname(run_path))
            runpy.run_path(run_path, run_name="__main__")
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0


_run()
`);
  timing("run", performance.now() - start);
  process.exitCode = code;
}

main().catch(exitOnError);
