// Writes dist/bundle-stats.json: for every emitted JS file, the packages whose code it holds and how many
// bytes (before minification) each contributes. bench/bundle.mjs reads it to say who owns each download.
const fs = require('node:fs');
const path = require('node:path');

function packageOf(resource, workspaceRoot) {
  const inModules = resource.lastIndexOf(`node_modules${path.sep}`);
  if (inModules >= 0) {
    const parts = resource.slice(inModules + 'node_modules/'.length).split(path.sep);
    // Module Federation writes each container's runtime entry there: generated per container, like
    // webpack's runtime, not a package.
    if (parts[0] === '.federation') return '(module federation entry)';
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const relative = path.relative(workspaceRoot, resource);
  if (relative.startsWith('..')) return '(other)';
  const [folder, sub, area, file] = relative.split(path.sep);
  // The SDK by its part (its shared entries, each domain entry, each contract file): a remote bundles its
  // domain entries and their contracts by design, and the benchmark must tell those apart from a shared
  // part shipped twice. Contract files one by one, as some belong to the shared core and others to a domain.
  if (folder === 'shared-sdk' && sub === 'src' && area === 'contract' && file)
    return `@console/shared-sdk/contract/${path.basename(file, path.extname(file))}`;
  if (folder === 'shared-sdk' && sub === 'src' && area && !area.includes('.'))
    return `@console/shared-sdk/${area}`;
  return `@console/${folder}`;
}

class BundleStatsPlugin {
  constructor(workspaceRoot) {
    this.workspaceRoot = workspaceRoot;
  }

  apply(compiler) {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const { compilation } = stats;
      const files = {};
      for (const chunk of compilation.chunks) {
        const packages = {};
        const add = (module) => {
          if (module.modules) {
            for (const inner of module.modules) add(inner);
            return;
          }
          const resource = module.resource ?? module.rootModule?.resource;
          const name = resource ? packageOf(resource, this.workspaceRoot) : '(webpack runtime)';
          packages[name] = (packages[name] ?? 0) + (module.size() || 0);
        };
        for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) add(module);
        for (const file of chunk.files) if (file.endsWith('.js')) files[file] = packages;
      }
      fs.writeFileSync(
        path.join(compiler.outputPath, 'bundle-stats.json'),
        JSON.stringify({ files }, null, 1),
      );
    });
  }
}

module.exports = { BundleStatsPlugin };
