// What `import { z } from 'zod'` means in the console's browser builds (webpack/config.cjs shares this module
// in place of the `zod` package). Contracts are zod schemas that the shell's core and every remote's domain
// entries build at run time, so without it each container bundled zod again (27 KB gzip per remote), and
// the `zod` package itself cannot be shared: a shared module is not tree-shaken, and all of zod is 88 KB.
// TypeScript and the API (Node) still see the real package; only the browser bundles are redirected here.
import * as z from './zod-api.mjs';

export * from './zod-api.mjs';
export { z, z as default };
