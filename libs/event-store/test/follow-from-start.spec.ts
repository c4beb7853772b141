import { describe, expect, it } from 'vitest';
import { FollowFromStart, type FollowHandler, type FollowOptions } from '../src';

function fakeStore() {
  const calls: Array<{ handler: FollowHandler; options: FollowOptions | undefined }> = [];
  let caughtUp!: () => void;
  const caught = new Promise<void>((resolve) => (caughtUp = resolve));
  let stops = 0;
  const store = {
    follow: (handler: FollowHandler, options?: FollowOptions) => {
      calls.push({ handler, options });
      return Promise.resolve({ position: () => '', caughtUp: () => caught, stop: () => Promise.resolve(void stops++) });
    },
  };
  return { store, calls, caughtUp: () => caughtUp(), stops: () => stops };
}

describe('FollowFromStart', () => {
  it('follows from the start of the log with the given filter and resolves only once caught up', async () => {
    const fake = fakeStore();
    const handler: FollowHandler = () => undefined;
    const onError = (): void => undefined;
    let started = false;
    const following = new FollowFromStart();
    const start = following
      .start(fake.store, handler, { filter: { eventTypes: ['PaymentSucceeded'] }, onError })
      .then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);
    fake.caughtUp();
    await start;
    expect(fake.calls).toEqual([{ handler, options: { after: '', filter: { eventTypes: ['PaymentSucceeded'] }, onError } }]);
  });

  it('stops the follower once, however often it is stopped, and a stop before any start does nothing', async () => {
    const fake = fakeStore();
    const following = new FollowFromStart();
    await following.stop();
    fake.caughtUp();
    await following.start(fake.store, () => undefined, {});
    await following.stop();
    await following.stop();
    expect(fake.stops()).toBe(1);
  });
});
