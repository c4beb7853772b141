import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { requestContext } from '../context/request-context';
import { redactText } from '../observability/log-redaction';
import { createPinoLogger } from '../observability/pino-logger';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Nest's start-up chatter (one line per module and per route, issue 23): logged at debug, so a
 * clean start prints one line per service (bootstrap-service.ts) and the process's summary.
 */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'GraphQLModule']);

/**
 * Structured logs through pino (docs/operations.md, "Logs"): one JSON object per line with service,
 * level, context and the request's correlation id and brand, so a request can be followed across
 * services; secrets are redacted (observability/log-redaction.ts).
 */
export class JsonLogger implements LoggerService {
  /** The pino logger underneath (the access log writes through it). */
  readonly pino: Logger;

  constructor(
    private readonly service: string,
    private readonly minLevel: Level = 'info',
    private readonly format: 'json' | 'pretty' = 'json',
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {
    this.pino = createPinoLogger(this.service, this.minLevel, this.format, this.write);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  /** A logger bound to a class name, for business code that should not depend on Nest. */
  child(context: string): AppLogger {
    return {
      debug: (message, meta) => this.emit('debug', message, meta ? [meta, context] : [context]),
      info: (message, meta) => this.emit('info', message, meta ? [meta, context] : [context]),
      warn: (message, meta) => this.emit('warn', message, meta ? [meta, context] : [context]),
      error: (message, meta) => this.emit('error', message, meta ? [meta, context] : [context]),
    };
  }

  private emit(requested: Level, message: unknown, rest: unknown[]): void {
    // Nest passes (message, context) or (message, stack, context); our child passes (message, meta, context).
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const level = requested === 'info' && context && QUIET_CONTEXTS.has(context) ? 'debug' : requested;
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const ctx = requestContext.current();
    const fields: Record<string, unknown> = {
      ...(context ? { context } : {}),
      ...(ctx ? { correlationId: ctx.correlationId, brand: ctx.brand, userId: ctx.user?.id } : {}),
    };
    for (const arg of args) {
      if (typeof arg === 'string') fields.stack = arg;
      else if (arg instanceof Error) fields.err = arg.stack ?? arg.message;
      else if (arg && typeof arg === 'object') Object.assign(fields, arg);
    }
    if (message instanceof Error && !fields.err) fields.err = message.stack;
    const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.pino[level](fields, redactText(text ?? String(message)));
  }
}

export interface AppLogger {
  debug(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}
