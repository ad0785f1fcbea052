/** scripts/build-cli.mjs */
export declare const CLI_SOURCES: string[];
export declare function buildCli(outDir?: string): Promise<string>;
