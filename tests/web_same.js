#!/usr/bin/env node
/*
 * web_same: the WebAssembly build's reports are the native build's, byte
 * for byte (issue: same scenario and seed, the same report in the browser
 * as natively).
 *
 * Usage: node tests/web_same.js PKSIM WEB_DIR
 *
 * Every lesson of WEB_DIR/lessons.js (the files the page runs) is run
 * (`pksim run`, or `compare` for a lesson with variants) natively (PKSIM,
 * writing -o FILE) and in pksim.js in memory (web/runner.js, as the page
 * runs it, the report from stdout): the first lesson in every report
 * format, the others in html (the page's report, which holds every
 * figure the text has and the heat maps): a wasm run of a compare lesson
 * costs seconds, and CI has minutes. The two reports and exit statuses
 * must be equal. Then pksim.js as a program under node
 * (web/pksim-main.js): the first lesson with -o FILE must write FILE to
 * disk, the native file's bytes and mode (umask), and -o into a missing
 * folder must fail as natively (exit 2, the same message); and a
 * scenario with a syntax error gives the same message and exit 2 both
 * ways, and a scenario the loader warns of the same warning on stderr
 * beside its report (exit 0). Exit 1 on any difference, each printed.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const [pksimArg, webDir] = process.argv.slice(2);
// the native pksim runs in a temporary folder: its path from here
const pksim = path.resolve(pksimArg);
const createPksim = require(path.resolve(webDir, "pksim.js"));
const { pksimRun } = require(path.resolve(webDir, "runner.js"));
const lessonsJs = fs.readFileSync(path.join(webDir, "lessons.js"), "utf8");
const PKSIM_FILES = new Function(lessonsJs + "; return PKSIM_FILES;")();
const PKSIM_LESSONS = new Function(lessonsJs + "; return PKSIM_LESSONS;")();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pksim-web-"));
for (const [p, text] of Object.entries(PKSIM_FILES)) {
  fs.mkdirSync(path.join(tmp, path.dirname(p)), { recursive: true });
  fs.writeFileSync(path.join(tmp, p), text);
}

function spawn(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: tmp, encoding: "utf8" });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const native = (args) => spawn(pksim, args);
// pksim.js as a program: node runs it on the machine's files
const wasmCli = (args) =>
  spawn(process.execPath, [path.resolve(webDir, "pksim.js")].concat(args));
const FORMATS = ["text", "json", "csv", "markdown", "html"];

const fails = [];

// -o under node writes the file to disk, as natively
function cliOutput(lesson) {
  const args = ["run", lesson, "--format", "json", "--quiet", "-o"];
  const n = native(args.concat(["n.json"]));
  const w = wasmCli(args.concat(["w.json"]));
  const read = (f) => fs.existsSync(path.join(tmp, f)) ?
    fs.readFileSync(path.join(tmp, f), "utf8") : null;
  const mode = (f) => fs.statSync(path.join(tmp, f)).mode & 0o777;
  if (w.status !== n.status || w.stdout !== "" || read("w.json") === null) {
    fails.push(`node pksim.js ${args.join(" ")} w.json: exit ${w.status} ` +
      `(natively ${n.status}), stdout ${w.stdout.length} bytes, ` +
      `${read("w.json") === null ? "no" : "a"} file`);
  } else if (read("w.json") !== read("n.json") ||
             mode("w.json") !== mode("n.json")) {
    fails.push(`-o under node: ${read("w.json").length} bytes, mode ` +
      `${mode("w.json").toString(8)}; natively ${read("n.json").length}, ` +
      mode("n.json").toString(8));
  }
  const missing = ["run", lesson, "--quiet", "-o", "no-such-folder/r.txt"];
  const nm = native(missing), wm = wasmCli(missing);
  if (nm.status !== 2 || wm.status !== 2 || nm.stderr !== wm.stderr) {
    fails.push(`-o into a missing folder: exit ${nm.status} / ${wm.status}, ` +
      `stderr ${JSON.stringify(nm.stderr)} / ${JSON.stringify(wm.stderr)}`);
  }
}
async function main() {
  if (PKSIM_LESSONS.length < 5) {
    fails.push(`${PKSIM_LESSONS.length} lessons in lessons.js, want 5`);
  }
  for (const lesson of PKSIM_LESSONS) {
    const cmd = /^variants:/m.test(PKSIM_FILES[lesson]) ||
      /^scenario:/m.test(PKSIM_FILES[lesson]) ? "compare" : "run";
    const formats = lesson === PKSIM_LESSONS[0] ? FORMATS : ["html"];
    for (const fmt of formats) {
      const args = [cmd, lesson, "--format", fmt, "--quiet"];
      const n = native(args.concat(["-o", "r." + fmt]));
      const w = await pksimRun(createPksim, PKSIM_FILES, args);
      const a = fs.readFileSync(path.join(tmp, "r." + fmt), "utf8");
      const b = w.stdout;
      if (n.status !== w.status) {
        fails.push(`${lesson} ${fmt}: exit ${n.status} natively, ${w.status} in wasm`);
      }
      if (a !== b) {
        fails.push(`${lesson} ${fmt}: the reports differ (${a.length} ` +
          `bytes natively, ${b === null ? "none" : b.length} in wasm)`);
      }
    }
  }
  cliOutput(PKSIM_LESSONS[0]);
  const bad = { "bad.yaml": "container: {partition_key: /id\nphases: []\n" };
  fs.writeFileSync(path.join(tmp, "bad.yaml"), bad["bad.yaml"]);
  const n = native(["run", "bad.yaml"]);
  const w = await pksimRun(createPksim, bad, ["run", "bad.yaml"]);
  if (n.status !== 2 || w.status !== 2 || n.stderr !== w.stderr) {
    fails.push(`a syntax error: exit ${n.status} / ${w.status}, stderr ` +
      `${JSON.stringify(n.stderr)} / ${JSON.stringify(w.stderr)}`);
  }
  // a loader's warning beside a report: the same stderr both ways
  const warned = { "warned.yaml": "name: w\n" +
    "container: {partition_key: /k, throughput: 400}\n" +
    "items: {k: {const: \"{a}-{b}\"}, a: {values: [x, y]}, b: {values: [1, 2]}}\n" +
    "phases: [{duration: 2s, rate: 1/s}]\n" };
  fs.writeFileSync(path.join(tmp, "warned.yaml"), warned["warned.yaml"]);
  const nw = native(["run", "warned.yaml", "--quiet"]);
  const ww = await pksimRun(createPksim, warned, ["run", "warned.yaml", "--quiet"]);
  if (nw.status !== 0 || ww.status !== 0 || nw.stderr !== ww.stderr ||
      !/^pksim: warned\.yaml:3:9: warning: property '\/k' holds/.test(nw.stderr)) {
    fails.push(`a warning: exit ${nw.status} / ${ww.status}, stderr ` +
      `${JSON.stringify(nw.stderr)} / ${JSON.stringify(ww.stderr)}`);
  }
  fs.rmSync(tmp, { recursive: true });
  for (const f of fails) {
    console.log("web_same: " + f);
  }
  process.exit(fails.length ? 1 : 0);
}
main().catch((e) => { console.log("web_same: " + e.stack); process.exit(1); });
