#!/usr/bin/env node
/*
 * web_page: the class page driven as a person uses it, in headless
 * Chromium (Debian chromium) over the DevTools protocol (node
 * --experimental-websocket).
 *
 * Usage: node --experimental-websocket tests/web_page.js WEB_DIR [PNG]
 *
 * Opens WEB_DIR/index.html from file:// at 1366x768, picks lesson 1 and
 * runs it; the report must say what lesson 1's header works out: 3
 * physical partitions created at 18,000 RU/s (one per 6,000, rule 2), 5
 * at the end of 9,000 RU/s, and the narration the storage split, and
 * the Text tab (its own run) the first of these too; steps
 * the narration (Next: event 2 of N), whose second must be marked on the
 * heat map: a box on the column whose data-t is the event's "t = T s",
 * and at the last event (the run's end, past the last column) on the
 * frame's right edge; answers a quiz question (its answer shown only
 * then); compares lesson 1's key with /id, a property the page lists
 * from the engine: the report has both heat maps side by side and ranks
 * /id first, ahead of /deviceId on operations refused (dev-0000 fills
 * its 20 MB logical partition and its writes get 403s; /id gives each
 * item its own); then edits the YAML to a syntax error on line 3 and
 * must see it listed at line 4 (libyaml's mark: where the flow mapping
 * was found unclosed) and that line marked; runs a scenario the loader
 * warns of and must see the report and, listed apart, the warning line
 * as the command line prints it, which selects its line when clicked;
 * picks lesson 2, whose keys
 * are its variants' (in the scenario file it names): each listed as the
 * scenario's, /id offered. From file:// the engine runs
 * on the page's own thread (a worker's script cannot load there). Then
 * the same page served over http (a server on 127.0.0.1 in this
 * process): lesson 1 runs in a Web Worker, the page answering while it
 * does (a 10 ms timer on the page fires during the middle half of the
 * worker's run, which a run on the page's thread, one synchronous call,
 * leaves no room for), and the report is the file:// run's, byte for
 * byte. Writes the screenshot of the lesson's report (at event 2) to PNG
 * when given. Exit 1 on any failure.
 */
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");
const { cdpOpen, sleep } = require("../tools/cdp.js");

const [webDir, png] = process.argv.slice(2);
// a scenario the loader warns of: /k's text reads as a key template
const WARNED = "name: w\ncontainer: {partition_key: /k, throughput: 400}\n" +
  "items: {k: {const: \"{a}-{b}\"}, a: {values: [x, y]}, b: {values: [1, 2]}}\n" +
  "phases: [{duration: 2s, rate: 1/s}]\n";
const url = "file://" + path.resolve(webDir, "index.html");
const fails = [];
let page = null;

async function main() {
  page = await cdpOpen(1366, 768);
  const { send, ev } = page;
  const done = async () => {
    for (let t = 0; t < 240; t++) {
      if (await ev("document.getElementById('status').dataset.done === '1'")) return;
      await sleep(250);
    }
    fails.push("the run did not finish in 60 s");
  };
  await send("Page.navigate", { url });
  for (let t = 0; t < 40 && !(await ev("document.getElementById('status') && document.getElementById('status').textContent === 'ready'")); t++) {
    await sleep(250);
  }
  // lesson 1, as a student picks it
  await ev("document.querySelectorAll('#lessons button')[0].click(); document.getElementById('run').click(); 1");
  await done();
  const report = await ev("document.getElementById('report').srcdoc");
  const where = await ev("[document.body.dataset.engine, lastRun && lastRun.where].join()");
  if (where !== "page,page") fails.push("from file:// the engine ran in: " + where);
  for (const want of ["3 physical partitions, created at 18,000 RU/s",
    "5 physical partitions (2 splits), 45,000 RU/s"]) {
    if (!report.includes(want)) fails.push("the report does not say: " + want);
  }
  // the text report, run when its tab is first opened
  await ev("tab('text'); 1");
  for (let t = 0; t < 240 && !(await ev("document.getElementById('text').textContent.length > 0")); t++) {
    await sleep(250);
  }
  const text = await ev("document.getElementById('text').textContent");
  if (!text.includes("3 physical partitions, created at 18,000 RU/s")) {
    fails.push("the text report does not say 3 physical partitions at 18,000 RU/s: " +
      JSON.stringify(text.slice(0, 300)));
  }
  const events = await ev("[...document.querySelectorAll('#events li')].map((l) => l.textContent)");
  if (!events.some((e) => /splits into ranges .* storage/.test(e))) {
    fails.push("no storage split in the narration: " + JSON.stringify(events));
  }
  await ev("tab('narration'); document.getElementById('next').click(); 1");
  const step = await ev("document.getElementById('step').textContent");
  if (step !== "event 2 of " + events.length) fails.push("after Next: " + step);
  // the mark: [box x + 2, label, the x of column T's cells, frame right]
  const mark = (t) => ev(`(() => {
    const d = document.getElementById('report').contentDocument;
    const svg = d.querySelector('svg.heatmap'), f = svg.querySelector('rect.frame');
    const box = svg.querySelector('rect.pksim-now'), label = svg.querySelector('text.pksim-now');
    const cell = svg.querySelector('g.col[data-t="${t}"] rect');
    return [box ? +box.getAttribute('x') + 2 : null, label ? label.textContent : null,
      cell ? +cell.getAttribute('x') : null, +f.getAttribute('x') + +f.getAttribute('width')];
  })()`);
  const t2 = +/^t = (\d+) s/.exec(events[1] || "")[1];
  const [x2, label2, col2] = await mark(t2);
  if (label2 !== `t = ${t2} s` || col2 === null || Math.abs(x2 - col2) > 0.01) {
    fails.push(`event 2 (t = ${t2} s) marked at x ${x2} "${label2}", its column at ${col2}`);
  }
  await ev(`showStep(${events.length - 1}); 1`);
  const tEnd = +/^t = (\d+) s/.exec(events[events.length - 1])[1];
  const [xEnd, labelEnd, colEnd, right] = await mark(tEnd);
  if (!/the run ends/.test(events[events.length - 1]) || colEnd !== null ||
      labelEnd !== `t = ${tEnd} s` || Math.abs(xEnd - right) > 0.01) {
    fails.push(`the last event (${events[events.length - 1]}) marked at ${xEnd}, ` +
      `the frame's right edge ${right}`);
  }
  await ev("showStep(1); 1");
  // a quiz: the answer hidden until the student answers
  // the questions come from the lesson's solutions, run when the tab opens
  await ev("tab('quiz'); 1");
  for (let t = 0; t < 240 && !(await ev("!!document.querySelector('#questions .answer')")); t++) {
    await sleep(250);
  }
  const hidden = await ev("getComputedStyle(document.querySelector('#questions .answer')).display");
  await ev("document.querySelector('#questions textarea').value = 'the cap'; document.querySelector('#questions button').click(); 1");
  const shown = await ev("getComputedStyle(document.querySelector('#questions .answer')).display");
  if (hidden !== "none" || shown === "none") fails.push(`quiz answer display ${hidden} then ${shown}`);
  await ev("tab('report'); 1");
  await sleep(500);
  if (png) {
    const shot = await send("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(png, Buffer.from(shot.result.data, "base64"));
  }
  // compare keys: /id beside the scenario's /deviceId
  const keys = await ev("[...document.querySelectorAll('#keylist input')].map((b) => b.value + (b.disabled ? '!' : '')).join()");
  if (!/\/deviceId!/.test(keys) || !/\/id(,|$)/.test(keys)) fails.push("the keys offered: " + keys);
  await ev(`document.getElementById('status').dataset.done = '';
    document.querySelector('#keylist input[value="/id"]').click();
    document.getElementById('comparekeys').click(); 1`);
  await done();
  const cmp = await ev(`(() => { const d = document.getElementById('report').contentDocument;
    return [[...d.querySelectorAll('figcaption')].map((c) => c.textContent).join('|'),
      d.querySelectorAll('svg.heatmap').length, d.body.textContent]; })()`);
  if (cmp[0] !== "/deviceId: /deviceId|/id: /id" || cmp[1] !== 2 ||
      !/1\/id: [^]*ahead of \/deviceId on operations failed or refused/.test(cmp[2])) {
    fails.push(`compare /deviceId and /id: captions ${cmp[0]}, ${cmp[1]} heat maps, ` +
      `ranking ${JSON.stringify(cmp[2].slice(cmp[2].indexOf("Ranking"), cmp[2].indexOf("Ranking") + 300))}`);
  }
  // a syntax error: listed at its line, the line marked
  await ev(`document.getElementById('status').dataset.done = '';
    document.getElementById('yaml').value = "name: x\\ncontainer: {partition_key: /id, throughput: 400}\\nphases: [{duration: 2s, rate: 1/s\\n";
    document.getElementById('run').click(); 1`);
  await done();
  const err = await ev("document.getElementById('errors').textContent");
  const marked = await ev("[...document.querySelectorAll('#gutter .bad')].map((b) => b.textContent).join()");
  if (!/^line 4, column 1: error: YAML syntax error/.test(err) || marked !== "4") {
    fails.push(`the syntax error: ${JSON.stringify(err)}, marked line ${marked}`);
  }
  // a warning of the loader's (a property whose text reads as a key
  // template): the report shown, and beside it each warning line of the
  // run's stderr as the command line prints it (web_same: natively the
  // same bytes), "pksim: FILE:3:9: warning: ...", not as an error; a
  // click selects line 3 from column 9
  await ev(`document.getElementById('status').dataset.done = '';
    document.getElementById('yaml').value = ${JSON.stringify(WARNED)};
    document.getElementById('run').click(); 1`);
  await done();
  const [shownW, printedW, file, status, nErr, reportLen] = await ev(`[
    [...document.querySelectorAll('#warnings li')].map((l) => l.textContent),
    lastRun.stderr.split('\\n').filter((l) => / warning: /.test(l)), current,
    lastRun.status, document.getElementById('errors').children.length,
    document.getElementById('report').srcdoc.length]`);
  const wantW = `pksim: ${file}:3:9: warning: property '/k' holds the text ` +
    '"{a}-{b}", which reads as a key template';
  if (status !== 0 || nErr !== 0 || !(reportLen > 0) || shownW.length !== 1 ||
      shownW[0] !== printedW[0] || printedW.length !== 1 || !shownW[0].startsWith(wantW)) {
    fails.push(`a warning: exit ${status}, ${nErr} errors listed, a report of ` +
      `${reportLen} bytes, shown ${JSON.stringify(shownW)}, printed ${JSON.stringify(printedW)}`);
  }
  const sel = await ev(`document.querySelector('#warnings button').click();
    document.getElementById('yaml').selectionStart`);
  const lines = WARNED.split("\n");
  if (sel !== lines[0].length + 1 + lines[1].length + 1 + 8) {
    fails.push(`the warning's click selected from ${sel}, not line 3 column 9`);
  }
  // lesson 2 names its workload (scenario: ../compare-iot.yaml), whose
  // four variants' keys are the scenario's own: ticked, not offered
  // again (a second /date variant would only repeat the first); /id,
  // an item property no variant is keyed by, is offered
  await ev("document.querySelectorAll('#lessons button')[1].click(); 1");
  for (let t = 0; t < 40 && !(await ev("!!document.querySelector('#keylist input[value=\"/date\"]')")); t++) {
    await sleep(250);
  }
  const keys2 = await ev("[...document.querySelectorAll('#keylist input')].map((b) => b.value + (b.disabled ? '!' : '')).join()");
  if (keys2 !== "/deviceId!,/date!,{deviceId}-{date}!,{date}.{hash(deviceId) mod 400}!,/id") {
    fails.push("lesson 2's keys offered: " + keys2);
  }
  await overHttp(report, done);
}

// WEB_DIR over http on 127.0.0.1 (a port the system picks); resolves to
// the server
function serve() {
  const types = { ".html": "text/html", ".js": "text/javascript" };
  const server = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent(req.url.split(/[?#]/)[0])) || "index.html";
    const file = path.join(webDir, name);
    if (!fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "Content-Type": types[path.extname(name)] || "application/octet-stream" });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// lesson 1 over http: in the worker, the page answering, the same report
async function overHttp(fileReport, done) {
  const { send, ev } = page;
  const server = await serve();
  try {
    await send("Page.navigate", { url: `http://127.0.0.1:${server.address().port}/index.html#lesson=1` });
    for (let t = 0; t < 40 && !(await ev("document.getElementById('status') && document.getElementById('status').textContent === 'ready'")); t++) {
      await sleep(250);
    }
    await ev(`window.beats = []; setInterval(() => beats.push(performance.timeOrigin + performance.now()), 10);
      document.getElementById('status').dataset.done = ''; document.getElementById('run').click(); 1`);
    await done();
    const r = await ev(`(() => {
      const a = lastRun.startedAt + (lastRun.endedAt - lastRun.startedAt) / 4,
        b = lastRun.endedAt - (lastRun.endedAt - lastRun.startedAt) / 4;
      return [document.body.dataset.engine, lastRun.where, beats.filter((t) => t > a && t < b).length,
        Math.round(lastRun.endedAt - lastRun.startedAt), document.getElementById('report').srcdoc === ${JSON.stringify(fileReport)}];
    })()`);
    if (r[0] !== "worker" || r[1] !== "worker") fails.push(`over http the engine ran in: ${r[0]}, ${r[1]}`);
    if (!(r[2] > 0)) fails.push(`over http no timer fired during the middle half of the ${r[3]} ms run`);
    if (r[4] !== true) fails.push("over http the report is not the file:// run's");
  } finally {
    server.close();
  }
}

main().catch((e) => fails.push(String(e.stack || e))).finally(async () => {
  if (page) await page.close();
  for (const f of fails) console.log("web_page: " + f);
  process.exit(fails.length ? 1 : 0);
});
