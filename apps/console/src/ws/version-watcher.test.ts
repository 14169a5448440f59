import { describe, expect, it, vi } from 'vitest';
import { createVersionWatcher } from './version-watcher';

describe('createVersionWatcher (spec §4)', () => {
  it('starts one update when the socket announces a version other than the client’s', async () => {
    const onUpdate = vi.fn();
    const watcher = createVersionWatcher({ fetchVersion: async () => '1.0+a', onUpdate });
    await watcher.handle('1.0+a');
    expect(onUpdate).not.toHaveBeenCalled();
    await watcher.handle('1.0+b');
    await watcher.handle('1.0+c');
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith('1.0+b');
    expect(watcher.isPending).toBe(true);
  });

  it('compares with the version file even when the socket speaks first', async () => {
    let resolve: (v: string) => void = () => {};
    const onUpdate = vi.fn();
    const watcher = createVersionWatcher({ fetchVersion: () => new Promise((r) => (resolve = r)), onUpdate });
    const handled = watcher.handle('new');
    resolve('old');
    await handled;
    expect(onUpdate).toHaveBeenCalledWith('new');
  });

  it('takes the first announced version as its own when the version file cannot be read', async () => {
    const onUpdate = vi.fn();
    const watcher = createVersionWatcher({ fetchVersion: async () => Promise.reject(new Error('404')), onUpdate });
    await watcher.handle('1');
    await watcher.handle('1');
    expect(onUpdate).not.toHaveBeenCalled();
    await watcher.handle('2');
    expect(onUpdate).toHaveBeenCalledWith('2');
  });
});
