/*
 * pksim-main: appended to pksim.js (--extern-post-js). Run as a program
 * under node, `node pksim.js run SCENARIO.yaml -o FILE` is pksim on the
 * machine's own files: each top-level folder of the machine is mounted
 * (NODEFS) at its own path and the working folder is node's, so a path
 * means what it means to the native pksim, a scenario's data files are
 * read from disk and -o writes its file to disk (through pksim's
 * temporary file and rename, with node's umask, as natively). Standard
 * output and error reach node's byte for byte; the exit status is
 * pksim's.
 * Loaded as a module (require, or a page's <script>) pksim.js only
 * defines createPksim, whose files live in memory (web/runner.js).
 */
if (typeof require === "function" && typeof module !== "undefined" &&
    require.main === module) {
  (function () {
    const fs = require("fs");
    // bytes for fd 1 and 2, written out whole lines at a time (and all
    // at the end), so an error and the report interleave as natively
    const pending = { 1: [], 2: [] };
    const flush = (fd) => {
      if (pending[fd].length) {
        fs.writeSync(fd, Buffer.from(pending[fd]));
        pending[fd] = [];
      }
    };
    const put = (fd) => (c) => {
      if (c === null) return;
      pending[fd].push(c < 0 ? c + 256 : c);
      if (c === 10 && (fd === 2 || pending[fd].length >= 65536)) flush(fd);
    };
    createPksim({ noInitialRun: true, stdout: put(1), stderr: put(2) })
      .then((m) => {
        for (const name of fs.readdirSync("/")) {
          const dir = "/" + name;
          // the engine's own /dev (its standard streams) and /proc stay
          if (dir === "/dev" || dir === "/proc") continue;
          let isDir = false;
          try {
            isDir = fs.statSync(dir).isDirectory();
          } catch (e) { /* a dangling link: nothing to mount */ }
          if (!isDir) continue;
          try { m.FS.mkdir(dir); } catch (e) { /* /tmp, /home: there */ }
          m.FS.mount(m.FS.filesystems.NODEFS, { root: dir }, dir);
        }
        m.FS.chdir(process.cwd());
        // node's umask for the files -o makes (emscripten starts at 0777:
        // a report no one could read)
        m._umask(process.umask());
        let status;
        try {
          status = m.callMain(process.argv.slice(2));
        } catch (e) {
          if (!e || e.name !== "ExitStatus") throw e;
          status = e.status;
        }
        flush(1);
        flush(2);
        process.exitCode = status;
      })
      .catch((e) => {
        flush(1);
        flush(2);
        process.stderr.write("pksim.js: " + (e && e.stack || e) + "\n");
        process.exitCode = 1;
      });
  })();
}
