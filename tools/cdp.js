/*
 * cdp: headless Chromium (Debian chromium) driven over the DevTools
 * protocol, for the page's test (tests/web_page.js) and benchmark
 * (tools/web-bench). Needs node --experimental-websocket (node 20).
 *
 * const page = await cdpOpen(width, height[, flags]) -> {send, ev, on, close}
 *   flags: more Chromium command-line flags (strings), after this one's
 *   send(method, params) -> Promise of the protocol's answer
 *   ev(expression) -> Promise of its value in the page (promises awaited,
 *   the value returned by value: JSON-like only)
 *   on(fn) -> fn(method, params) called for every protocol event from
 *   then on (Page.enable and the like turn the events on)
 *   close() -> Promise: the Chromium this started ended, its profile
 *   removed
 *   cpu() -> CPU seconds so far of that Chromium and every process under
 *   it (Linux /proc; user + system), 10 ms steps
 * Throws when Chromium does not answer on its port within 20 s.
 */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function cdpOpen(width, height, flags = []) {
  const port = 9300 + (process.pid % 500);
  // a profile of its own: nothing of a user's Chromium, removed at close
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pksim-cdp-"));
  const chrome = spawn("chromium", ["--headless", "--no-sandbox",
    "--disable-gpu", "--hide-scrollbars", `--window-size=${width},${height}`,
    "--user-data-dir=" + profile, "--remote-debugging-port=" + port,
    ...flags, "about:blank"], { stdio: "ignore", detached: true });
  // the launcher's process group: Chromium's own processes (browser,
  // renderers, helpers) go on writing into the profile after the
  // launcher exits, so close ends them all and waits for the last
  const group = () => {
    try { process.kill(-chrome.pid, 0); return true; } catch (e) { return false; }
  };
  const close = () => new Promise((r) => {
    chrome.once("exit", async () => {
      try { process.kill(-chrome.pid, "SIGTERM"); } catch (e) { /* gone */ }
      for (let i = 0; i < 100 && group(); i++) await sleep(50);
      try { process.kill(-chrome.pid, "SIGKILL"); } catch (e) { /* gone */ }
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10,
          retryDelay: 100 });
      } catch (e) {
        // a profile left in the temporary folder fails no test
        process.stderr.write(`cdp: ${profile} not removed: ${e.code}\n`);
      }
      r();
    });
    try { process.kill(-chrome.pid, "SIGTERM"); } catch (e) { chrome.kill(); }
  });
  let ws = null;
  for (let i = 0; i < 100 && !ws; i++) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
      const w = new WebSocket(list.find((t) => t.type === "page").webSocketDebuggerUrl);
      await new Promise((r, j) => { w.onopen = r; w.onerror = j; });
      ws = w;
    } catch (e) {
      await sleep(200);
    }
  }
  if (!ws) {
    await close();
    throw new Error("chromium did not answer on port " + port);
  }
  let id = 0;
  const pending = {};
  const listeners = [];
  ws.onmessage = (m) => {
    const d = JSON.parse(m.data);
    if (d.id && pending[d.id]) { pending[d.id](d); delete pending[d.id]; }
    if (d.method) for (const fn of listeners) fn(d.method, d.params);
  };
  const send = (method, params = {}) => new Promise((r) => {
    const i = ++id; pending[i] = r; ws.send(JSON.stringify({ id: i, method, params }));
  });
  const ev = async (e) => (await send("Runtime.evaluate",
    { expression: e, awaitPromise: true, returnByValue: true })).result.result.value;
  await send("Emulation.setDeviceMetricsOverride",
    { width, height, deviceScaleFactor: 1, mobile: false });
  return { send, ev, on: (fn) => listeners.push(fn),
    cpu: () => treeCpu(chrome.pid),
    close: () => { ws.close(); return close(); } };
}

// CPU seconds of process root and its descendants (/proc/PID/stat:
// ppid, utime and stime in clock ticks of 1/100 s on Linux)
function treeCpu(root) {
  const procs = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const s = f.slice(f.lastIndexOf(")") + 2).split(" ");
      procs.push({ pid: +d, ppid: +s[1], ticks: +s[11] + +s[12] });
    } catch (e) { /* ended meanwhile */ }
  }
  const mine = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) { mine.add(p.pid); grew = true; }
    }
  }
  return procs.filter((p) => mine.has(p.pid)).reduce((a, p) => a + p.ticks, 0) / 100;
}

module.exports = { cdpOpen, sleep };
