/** scripts/build-server.mjs */
export declare const SERVER_ENTRIES: Record<'server' | 'reset-password', string>;
export declare function buildServer(outDir?: string): Promise<string>;
