// `node bench/profile-summary.mjs <file.cpuprofile> [--top N]`: where a CPU profile's time went, as the flame
// graph's self time summed by who owns the code (a package of node_modules, the API's own folders, Node's
// internals, garbage collection, idle), then the hottest functions. How to take a profile of the API under
// load is in bench/README.md ("Where the time goes").
import fs from 'node:fs';

const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N]');
  process.exit(2);
}
const topArg = process.argv.indexOf('--top');
const top = topArg > 0 ? Number(process.argv[topArg + 1]) : 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Self time per node: the samples that landed in it, each worth its time delta.
const selfMs = new Map();
profile.samples.forEach((nodeId, index) => {
  selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

/** Who owns a frame: a package, one of the API's folders, Node itself, or the profiler's own categories. */
function ownerOf({ functionName, url }) {
  if (functionName === '(idle)') return '(idle: waiting for I/O)';
  if (functionName === '(garbage collector)') return '(garbage collection)';
  if (functionName === '(program)') return '(program: V8 and native code)';
  if (!url) return '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  const own = /\/api\/dist\/(.*)\/[^/]+\.js$/.exec(url);
  if (own) return `api: ${own[1]}`;
  if (url.startsWith('node:')) return 'node (built-in modules)';
  return url;
}

const byOwner = new Map();
const byFunction = new Map();
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (ms === 0) continue;
  const owner = ownerOf(node.callFrame);
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
  const where = `${node.callFrame.functionName || '(anonymous)'}  ${owner}${
    node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''
  }`;
  byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
}
const busy = total - (byOwner.get('(idle: waiting for I/O)') ?? 0);
const rows = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, ms]) =>
        `${(ms / 1000).toFixed(2).padStart(8)} s  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`,
    )
    .join('\n');
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy ` +
    `(${((100 * busy) / total).toFixed(0)} %)\n\nself time by owner:\n${rows(byOwner)}\n\n` +
    `hottest functions (self time):\n${rows(byFunction)}`,
);
