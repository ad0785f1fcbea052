/// <reference types="vite/client" />

/** API base path injected by vite.config.ts (default /jeecg-boot). */
declare const __API_BASE__: string;
