/*
 * runner: one pksim command line run by the WebAssembly build (pksim.js,
 * tools/build-web), in a fresh instance each time (pksim closes its
 * standard output at exit). The page and the node test share it.
 *
 * pksimRun(createPksim, files, args) -> Promise of
 *   {status, stdout, stderr, read(path)}
 * (the files live in memory: -o FILE writes there, and read(FILE) gives
 * it; `node pksim.js ARGS` is pksim on the machine's files, -o to disk)
 * files: {path: text}, written under /w (the working folder) first;
 * args: the command line after "pksim"; read(path) gives a file the run
 * wrote (-o), as text, or null when there is none.
 */
"use strict";

function pksimRun(createPksim, files, args) {
  const out = [];
  const err = [];
  return createPksim({
    noInitialRun: true,
    // byte by byte, so the bytes are the native build's, last newline
    // or not
    stdout: (c) => { if (c !== null) out.push(c); },
    stderr: (c) => { if (c !== null) err.push(c); },
  }).then((m) => {
    m.FS.mkdir("/w");
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split("/");
      let dir = "/w";
      for (const p of parts.slice(0, -1)) {
        dir += "/" + p;
        try { m.FS.mkdir(dir); } catch (e) { /* there already */ }
      }
      m.FS.writeFile("/w/" + path, text);
    }
    m.FS.chdir("/w");
    let status;
    try {
      status = m.callMain(args);
    } catch (e) {
      if (e && e.name === "ExitStatus") {
        status = e.status;
      } else {
        throw e;
      }
    }
    const read = (path) => {
      try {
        return m.FS.readFile(path, { encoding: "utf8" });
      } catch (e) {
        return null;
      }
    };
    const text = (a) => new TextDecoder().decode(new Uint8Array(a));
    return { status, stdout: text(out), stderr: text(err), read };
  });
}

if (typeof module !== "undefined") {
  module.exports = { pksimRun };
}
