// The program's version, from package.json (inlined by esbuild in the bundle).
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
