/// <reference types="vite/client" />

/** ISO date of this build, also written to /meta.json (see vite.config.ts). */
declare const __BUILD_DATE__: string;
