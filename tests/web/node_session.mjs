// Runs tests/helpers/web_session.py in MicroPython's WebAssembly port under node, on a built site (make web):
//   node node_session.mjs SITE_DIR SESSION_PY FRAMES '[game, players, seed, profile]' ...
// One JSON line per session: {spec, hashes (16 hex digits a frame), summary, ms: [per-frame call times]}.
// The page's way: the bundle written into the port's filesystem, one call from JavaScript per frame.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [site, sessionPy, frames, ...specs] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(site, "mp", "micropython.mjs")).href);
const bundle = JSON.parse(fs.readFileSync(path.join(site, "bundle.json"), "utf8"));
const mp = await loadMicroPython({ heapsize: bundle.heapsize, stderr: (l) => process.stderr.write(l + "\n") });
for (const [p, text] of Object.entries(bundle.files)) {
  mp.FS.mkdirTree(p.slice(0, p.lastIndexOf("/")));
  mp.FS.writeFile(p, text);
}
mp.FS.writeFile(bundle.root + "/web_session.py", fs.readFileSync(sessionPy));
mp.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(bundle.root)})`);
const session = mp.pyimport("web_session");
for (const spec of specs) {
  const [, , , profile] = JSON.parse(spec);
  session.begin(bundle.profiles[profile].text, spec);
  const hashes = [], ms = [];
  for (let i = 0; i < Number(frames); i++) {
    const t = performance.now();
    hashes.push(session.step());
    ms.push(performance.now() - t);
  }
  process.stdout.write(JSON.stringify({ spec: JSON.parse(spec), hashes: hashes.join(""), summary: JSON.parse(session.summary()), ms }) + "\n");
}
