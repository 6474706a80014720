// Types of sql-folder.mjs (plain JS: the dev loader runs before tsx).
export declare const SQL_FOLDER_SUFFIX: string;
export declare function readSqlFolder(dir: string): { file: string; sql: string }[];
export declare function sqlFolderModule(dir: string): string;
