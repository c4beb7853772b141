import pino, { type Logger } from 'pino';
import { redactValue } from './log-redaction';
import { traceIdField } from './trace-context';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * The process's pino logger of one service: one JSON object per line (time, level, service, msg,
 * fields); in `pretty` format the same object is written as one readable line for development.
 * Every field goes through the redaction (log-redaction.ts) before it is written.
 */
export function createPinoLogger(service: string, level: LogLevel, format: 'json' | 'pretty', write: (line: string) => void): Logger {
  return pino(
    {
      level,
      base: { service },
      // The active span's trace id on every line (when tracing is on), to find a request's trace from its logs.
      mixin: traceIdField,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactValue(fields) as Record<string, unknown>,
        bindings: (bindings) => redactValue(bindings) as Record<string, unknown>,
      },
    },
    { write: (chunk: string) => write(format === 'pretty' ? prettyLine(chunk) : chunk.replace(/\n$/, '')) },
  );
}

/** `2026-01-01T10:00:00.000Z INFO  [auction] message {"more":"fields"}` from one pino JSON line. */
export function prettyLine(chunk: string): string {
  try {
    const { time, level, service, msg, ...more } = JSON.parse(chunk) as Record<string, unknown>;
    const extra = Object.keys(more).length ? ` ${JSON.stringify(more)}` : '';
    return `${String(time)} ${String(level).toUpperCase().padEnd(5)} [${String(service)}] ${String(msg)}${extra}`;
  } catch {
    return chunk.replace(/\n$/, '');
  }
}
