#!/usr/bin/env node
/*
 * browser_load: load HTML pages one after another in one headless
 * Chromium (Debian chromium, over the DevTools protocol, tools/cdp.js)
 * and write what tests/browser_check.py reads of each.
 *
 * Usage: node --experimental-websocket tests/browser_load.js BASE...
 *
 * For each BASE: opens file://BASE.html in a 1000 x 1600 px window and,
 * once its load event has fired, writes BASE.png (a screenshot of the
 * window), BASE.dom (the doctype and document.documentElement.outerHTML,
 * as chromium --dump-dom prints them) and BASE.log (one line
 * "BASE:CONSOLE(LEVEL) TEXT, source: URL (LINE)" per console message,
 * uncaught exception or browser log entry, such as a resource that did
 * not load, while the page loaded; empty when there was none). One
 * Chromium for every page: a start per page cost most of the test's
 * time. Chromium never reaches the network: every host resolves to
 * nothing and background services are off. Exit 1 (saying which page)
 * when a page does not load within 60 s or Chromium does not answer.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { cdpOpen, sleep } = require("../tools/cdp.js");

const WIDTH = 1000;
const HEIGHT = 1600;
const FLAGS = ["--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND"];

// one log line per message, in the words browser_check.py looks for
function line(base, level, text, url, lineNo) {
  return `${path.basename(base)}:CONSOLE(${level}) ${JSON.stringify(text)}` +
    `, source: ${url || "?"} (${lineNo === undefined ? "?" : lineNo})`;
}

// BASE.html loaded; its screenshot, DOM and log written beside it
async function loadOne(page, base, state) {
  const { send, ev } = page;
  const url = "file://" + path.resolve(base + ".html");
  state.msgs = [];
  state.base = base;
  const loaded = new Promise((resolve) => { state.loaded = resolve; });
  const nav = await send("Page.navigate", { url });
  if (nav.error || (nav.result && nav.result.errorText)) {
    throw new Error(`${base}.html: ${JSON.stringify(nav.error || nav.result.errorText)}`);
  }
  const timeout = sleep(60000).then(() => "timeout");
  if ((await Promise.race([loaded, timeout])) === "timeout") {
    throw new Error(`${base}.html did not load in 60 s`);
  }
  const shot = await send("Page.captureScreenshot", { format: "png" });
  fs.writeFileSync(base + ".png", Buffer.from(shot.result.data, "base64"));
  const dom = await ev("(document.doctype ? new XMLSerializer()" +
    ".serializeToString(document.doctype) + '\\n' : '') + " +
    "document.documentElement.outerHTML");
  fs.writeFileSync(base + ".dom", dom + "\n");
  fs.writeFileSync(base + ".log", state.msgs.map((m) => m + "\n").join(""));
  state.base = null;
}

async function main(bases) {
  const page = await cdpOpen(WIDTH, HEIGHT, FLAGS);
  const state = { base: null, msgs: [], loaded: () => {} };
  page.on((method, p) => {
    if (method === "Page.loadEventFired") state.loaded();
    if (!state.base) return;
    if (method === "Runtime.consoleAPICalled") {
      const f = (p.stackTrace && p.stackTrace.callFrames[0]) || {};
      state.msgs.push(line(state.base, p.type, p.args.map((a) =>
        a.value !== undefined ? String(a.value) : a.description || a.type)
        .join(" "), f.url, f.lineNumber));
    } else if (method === "Runtime.exceptionThrown") {
      const d = p.exceptionDetails;
      state.msgs.push(line(state.base, "exception", (d.exception &&
        d.exception.description) || d.text, d.url, d.lineNumber));
    } else if (method === "Log.entryAdded") {
      const e = p.entry;
      state.msgs.push(line(state.base, e.level, e.text, e.url, e.lineNumber));
    }
  });
  try {
    for (const d of ["Page.enable", "Runtime.enable", "Log.enable"]) {
      await page.send(d);
    }
    for (const base of bases) await loadOne(page, base, state);
  } finally {
    await page.close();
  }
}

main(process.argv.slice(2)).then(() => process.exit(0), (e) => {
  console.error("browser_load: " + (e.stack || e));
  process.exit(1);
});
