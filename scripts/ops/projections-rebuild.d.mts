/** Types of scripts/ops/projections-rebuild.mjs for the TypeScript specs that import it. */
export declare const USAGE: string;
export interface ServiceCommand {
  service: string;
  script: string;
}
export declare function serviceCommands(distDir?: string): ServiceCommand[];
export declare function rebuildProjections(options: {
  only: string | undefined;
  commands?: ServiceCommand[];
  env?: NodeJS.ProcessEnv;
  out?: { write(chunk: string | Uint8Array): unknown };
  err?: { write(chunk: string | Uint8Array): unknown };
}): Promise<number>;
