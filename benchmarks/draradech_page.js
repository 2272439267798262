// Runs Draradech's jigsaw generator page (https://github.com/Draradech/jigsaw, jigsaw.html,
// CC0) unchanged under Node.js, its inputs given on the command line, and writes the SVG its
// "Download SVG" button saves. Only the page's own script is run; the document it reads its
// inputs from, and the save it ends with, are stood in for here.
//   node draradech_page.js PAGE SEED TAB% JITTER% XN YN WIDTH HEIGHT RADIUS
"use strict";
const fs = require("fs");
const [page, seed, tabsize, jitter, xn, yn, width, height, radius] = process.argv.slice(2);
const html = fs.readFileSync(page, "utf8");
const found = html.match(/<script type="text\/javascript">([\s\S]*?)<\/script>/);
if (!found) {
  process.stderr.write("no generator script in " + page + "\n");
  process.exit(2);
}
const inputs = {seed, tabsize, jitter, xn, yn, width, height, radius};
global.document = {getElementById: (id) => ({value: inputs[id], setAttribute() {}})};
global.window = {};
let svg = null;
const run = new Function("capture", found[1] + "\nsave = function (_name, data) { capture(data); };\ngenerate();");
run((data) => { svg = data; });
process.stdout.write(svg);
