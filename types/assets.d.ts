// SQL migration files are imported as strings (esbuild text loader; core/dev/sql-hooks.mjs under tsx).
declare module '*.sql' {
  const sql: string;
  export default sql;
}
// A migrations folder: every .sql file in it, by file name (core/dev/sql-folder.mjs; the bundles' esbuild plugin).
declare module '*/index.sql-folder' {
  const files: { file: string; sql: string }[];
  export default files;
}
declare module '*.css';
