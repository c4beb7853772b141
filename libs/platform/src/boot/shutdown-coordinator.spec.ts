import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import '../database/embedded-postgres';
import { SHUTDOWN_ORDER, ShutdownCoordinator } from './shutdown-coordinator';

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (message: string) => lines.push(`info ${message}`),
      warn: (message: string) => lines.push(`warn ${message}`),
      error: (message: string) => lines.push(`error ${message}`),
    },
  };
}

describe('ShutdownCoordinator', () => {
  it('runs the stops in the documented order whatever order they were registered in', async () => {
    const { log } = recordingLog();
    const coordinator = new ShutdownCoordinator(log);
    const ran: string[] = [];
    const step = (name: string) => async () => {
      await Promise.resolve();
      ran.push(name);
    };
    coordinator.onShutdown('embedded database', SHUTDOWN_ORDER.database, step('database'));
    coordinator.onShutdown('auction pools', SHUTDOWN_ORDER.pools, step('auction pools'));
    coordinator.onShutdown('processors', SHUTDOWN_ORDER.processors, step('processors'));
    coordinator.onShutdown('gateway intake', SHUTDOWN_ORDER.intake, step('gateway intake'));
    coordinator.onShutdown('identity pools', SHUTDOWN_ORDER.pools, step('identity pools'));
    coordinator.onShutdown('in-flight commands', SHUTDOWN_ORDER.commands, step('commands'));
    coordinator.onShutdown('sockets', SHUTDOWN_ORDER.sockets, step('sockets'));
    expect(await coordinator.shutdown('SIGTERM')).toBe(0);
    expect(ran).toEqual(['gateway intake', 'sockets', 'commands', 'processors', 'auction pools', 'identity pools', 'database']);
  });

  it('runs once, and a failing stop is logged, later stops still run and the exit code is 1', async () => {
    const { log, lines } = recordingLog();
    const coordinator = new ShutdownCoordinator(log);
    const ran: string[] = [];
    coordinator.onShutdown('pools', SHUTDOWN_ORDER.pools, () => {
      throw new Error('pool end failed');
    });
    coordinator.onShutdown('database', SHUTDOWN_ORDER.database, () => void ran.push('database'));
    const [first, second] = await Promise.all([coordinator.shutdown('SIGTERM'), coordinator.shutdown('SIGINT')]);
    expect([first, second]).toEqual([1, 1]);
    expect(ran).toEqual(['database']);
    expect(lines).toContain('error Shutdown step pools failed');
    expect(() => coordinator.onShutdown('late', SHUTDOWN_ORDER.intake, () => undefined)).toThrow(/already started/);
  });

  it('owns the signals: the embedded database hook lets go of them, and a signal ends in exit(code)', async () => {
    const hooks = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
      hookedEvents(): string[];
    };
    expect(hooks.hookedEvents()).toContain('SIGTERM');
    const { log } = recordingLog();
    const exited = new Promise<number>((resolve) => {
      const coordinator = new ShutdownCoordinator(log, { exit: resolve });
      coordinator.onShutdown('intake', SHUTDOWN_ORDER.intake, () => undefined);
      coordinator.listen(['SIGUSR2']);
    });
    expect(hooks.hookedEvents()).not.toContain('SIGTERM');
    expect(hooks.hookedEvents()).toContain('exit');
    const listening = process.listenerCount('SIGUSR2');
    process.emit('SIGUSR2');
    // Still listening while the stops run: a library that re-raises a signal it finds unwatched
    // (signal-exit) would otherwise kill the process with 143 in the middle of the stop.
    expect(process.listenerCount('SIGUSR2')).toBe(listening);
    expect(await exited).toBe(0);
  });

  it('exits 1 when the stops outlast the deadline', async () => {
    const { log, lines } = recordingLog();
    const exited = new Promise<number>((resolve) => {
      const coordinator = new ShutdownCoordinator(log, { exit: resolve, deadlineMs: 50 });
      coordinator.onShutdown('stuck', SHUTDOWN_ORDER.commands, () => new Promise<void>(() => undefined));
      coordinator.listen(['SIGUSR2']);
    });
    process.emit('SIGUSR2');
    expect(await exited).toBe(1);
    expect(lines.some((line) => line.startsWith('warn Shutdown did not finish'))).toBe(true);
  });

  it('a signal during boot waits for ready() before stopping, so every stop is registered by then', async () => {
    const { log } = recordingLog();
    const ran: string[] = [];
    let coordinator!: ShutdownCoordinator;
    const exited = new Promise<number>((resolve) => {
      coordinator = new ShutdownCoordinator(log, { exit: resolve, waitForReady: true });
      coordinator.onShutdown('database', SHUTDOWN_ORDER.database, () => void ran.push('database'));
      coordinator.listen(['SIGUSR2']);
    });
    process.emit('SIGUSR2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([]);
    coordinator.onShutdown('service pools', SHUTDOWN_ORDER.pools, () => void ran.push('pools'));
    coordinator.ready();
    expect(await exited).toBe(0);
    expect(ran).toEqual(['pools', 'database']);
  });
});
