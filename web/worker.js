/*
 * worker: pksim.js run off the page's main thread (a Web Worker), so the
 * page keeps answering while the engine works. The page (index.html's
 * engine) starts it where it is served over http(s); from file:// a
 * worker's script cannot load and the page runs the engine itself.
 *
 * A message {id, files, args} runs one command line (web/runner.js's
 * pksimRun) and answers {id, result: {status, stdout, stderr, where,
 * startedAt, endedAt}} (the times in ms since the epoch, as the page's
 * performance.timeOrigin + performance.now() reads them), or {id, error}
 * when the engine failed in a way pksim's exit status does not say.
 */
"use strict";
importScripts("runner.js", "pksim.js");

onmessage = (e) => {
  const { id, files, args } = e.data;
  const startedAt = performance.timeOrigin + performance.now();
  pksimRun(createPksim, files, args).then(
    (r) => postMessage({ id, result: {
      status: r.status, stdout: r.stdout, stderr: r.stderr, where: "worker",
      startedAt, endedAt: performance.timeOrigin + performance.now() } }),
    (err) => postMessage({ id, error: String((err && err.stack) || err) }));
};
