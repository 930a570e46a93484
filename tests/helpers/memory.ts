import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Live memory of ArrayBuffers (every Buffer, Uint8Array and Blob copy in JavaScript), measured
 * after a full garbage collection, so chunks already dropped do not count: what a test sees is
 * what the code under test still holds. `gc` is reached without starting Node with --expose-gc.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export function liveArrayBufferBytes(): number {
  gc();
  return process.memoryUsage().arrayBuffers;
}

/** Records the highest live ArrayBuffer memory above the level at its creation; call `sample()` while work runs. */
export function arrayBufferPeak() {
  const base = liveArrayBufferBytes();
  let peak = base;
  return {
    sample() {
      peak = Math.max(peak, liveArrayBufferBytes());
    },
    /** Bytes above the starting level at the highest sample. */
    get growth() {
      return peak - base;
    },
  };
}

export const MB = 1024 * 1024;
