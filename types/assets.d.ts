// SQL migration files are imported as strings (esbuild text loader; core/dev/sql-hooks.mjs under tsx).
declare module '*.sql' {
  const sql: string;
  export default sql;
}
declare module '*.css';
