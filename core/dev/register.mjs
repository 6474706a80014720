// Preloaded with `node --import` in development and tests: teaches Node to import .sql files.
import { register } from 'node:module';
register('./sql-hooks.mjs', import.meta.url);
