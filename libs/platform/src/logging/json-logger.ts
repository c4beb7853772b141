import type { LoggerService } from '@nestjs/common';
import { requestContext } from '../context/request-context';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Structured logs: one JSON object per line with service, level, context and the request's
 * correlation id and brand, so a request can be followed across services.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly minLevel: Level = 'info',
    private readonly format: 'json' | 'pretty' = 'json',
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

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

  private emit(level: Level, message: unknown, rest: unknown[]): void {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    // Nest passes (message, context) or (message, stack, context); our child passes (message, meta, context).
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const ctx = requestContext.current();
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      ...(context ? { context } : {}),
      msg: message instanceof Error ? message.message : message,
      ...(ctx ? { correlationId: ctx.correlationId, brand: ctx.brand, userId: ctx.user?.id } : {}),
    };
    for (const arg of args) {
      if (typeof arg === 'string') entry.stack = arg;
      else if (arg instanceof Error) entry.err = arg.stack ?? arg.message;
      else if (arg && typeof arg === 'object') Object.assign(entry, arg);
    }
    if (message instanceof Error && !entry.err) entry.err = message.stack;
    if (this.format === 'pretty') {
      const { time, level: lvl, service, msg, ...more } = entry;
      const extra = Object.keys(more).length ? ` ${JSON.stringify(more)}` : '';
      this.write(`${String(time)} ${String(lvl).toUpperCase().padEnd(5)} [${String(service)}] ${String(msg)}${extra}`);
    } else {
      this.write(JSON.stringify(entry));
    }
  }
}

export interface AppLogger {
  debug(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}
