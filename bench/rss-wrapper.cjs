// Runs the built CLI (its bundle, dist/cli-main.js) in this process and reports its peak resident set size on stderr as the last line
// (`maxrss-kb N`), for machines without /usr/bin/time. Usage: node bench/rss-wrapper.cjs ARGS…
const path = require('node:path');
const { run } = require(path.join(__dirname, '..', 'dist', 'cli-main.js'));

run(process.argv.slice(2)).then((code) => {
  process.stderr.write(`\nmaxrss-kb ${process.resourceUsage().maxRSS}\n`);
  process.exitCode = code;
});
