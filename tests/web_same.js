#!/usr/bin/env node
/*
 * web_same: the WebAssembly build's reports are the native build's, byte
 * for byte, for every shipped lesson (issue: same scenario and seed, the
 * same report in the browser as natively).
 *
 * Usage: node tests/web_same.js PKSIM WEB_DIR
 *
 * For each lesson of WEB_DIR/lessons.js (the files the page runs), in
 * every report format, `pksim run` (or `compare` for a lesson with
 * variants) writes -o FILE natively (PKSIM) and in pksim.js under node;
 * the two files and the exit statuses must be equal. Then a scenario with
 * a syntax error: both give the same message and exit 2. Exit 1 on any
 * difference, each printed.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync, spawnSync } = require("child_process");

const [pksim, webDir] = process.argv.slice(2);
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

function native(args) {
  const r = spawnSync(pksim, args, { cwd: tmp, encoding: "utf8" });
  return { status: r.status, stderr: r.stderr };
}

const fails = [];
async function main() {
  if (PKSIM_LESSONS.length < 5) {
    fails.push(`${PKSIM_LESSONS.length} lessons in lessons.js, want 5`);
  }
  for (const lesson of PKSIM_LESSONS) {
    const cmd = /^variants:/m.test(PKSIM_FILES[lesson]) ||
      /^scenario:/m.test(PKSIM_FILES[lesson]) ? "compare" : "run";
    for (const fmt of ["text", "json", "csv", "markdown", "html"]) {
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
  const bad = { "bad.yaml": "container: {partition_key: /id\nphases: []\n" };
  fs.writeFileSync(path.join(tmp, "bad.yaml"), bad["bad.yaml"]);
  const n = native(["run", "bad.yaml"]);
  const w = await pksimRun(createPksim, bad, ["run", "bad.yaml"]);
  if (n.status !== 2 || w.status !== 2 || n.stderr !== w.stderr) {
    fails.push(`a syntax error: exit ${n.status} / ${w.status}, stderr ` +
      `${JSON.stringify(n.stderr)} / ${JSON.stringify(w.stderr)}`);
  }
  fs.rmSync(tmp, { recursive: true });
  for (const f of fails) {
    console.log("web_same: " + f);
  }
  process.exit(fails.length ? 1 : 0);
}
main().catch((e) => { console.log("web_same: " + e.stack); process.exit(1); });
