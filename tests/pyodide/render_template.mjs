#!/usr/bin/env node
// Render one widget template inside Pyodide under Node, from what the site ships to the browser's worker:
// the engine's wheel, the zip of the libraries the bridge imports (Jinja2, MarkupSafe) unpacked into
// site-packages, and the bridge package's files (modules and templates, the site's bridge.json) written
// under the worker's home and imported as `bridge`, as tutorial/web/tarot-worker.mjs does. The
// repository is not mounted: nothing comes from the checkout.
//
//   node tests/pyodide/render_template.mjs LIBS.zip BRIDGE.json TEMPLATE CONTEXT.json
//
// prints one JSON line: {"html": ..., "escape": the module MarkupSafe escapes with, "jinja2": its file}.

import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { bootPyodide, exitOnError } from "./pyodide_boot.mjs";

const HOME = "/home/pyodide/tarot";

async function main() {
  const [libs, bridgeJson, template, context] = process.argv.slice(2);
  if (!context) {
    process.stderr.write("usage: node tests/pyodide/render_template.mjs LIBS.zip BRIDGE.json TEMPLATE CONTEXT.json\n");
    process.exit(2);
  }
  const { pyodide } = await bootPyodide({});
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(readFileSync(libs)), "zip", { extractDir: purelib });
  for (const [path, text] of Object.entries(JSON.parse(readFileSync(bridgeJson, "utf8")))) {
    pyodide.FS.mkdirTree(dirname(`${HOME}/${path}`));
    pyodide.FS.writeFile(`${HOME}/${path}`, text);
  }
  pyodide.globals.set("template_name", template);
  pyodide.globals.set("context_json", readFileSync(context, "utf8"));
  const answer = pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, ${JSON.stringify(HOME)})
importlib.invalidate_caches()
import jinja2, markupsafe
from bridge import templates
json.dumps({
    "html": str(templates.render(template_name, **json.loads(context_json))),
    "escape": markupsafe._escape_inner.__module__,
    "jinja2": jinja2.__file__,
    "templates": templates.__file__,
})
`);
  process.stdout.write(answer + "\n");
}

main().catch(exitOnError);
