/** Reading one record from a descriptor through the addon, given up when the reading job is aborted. */
import { constants } from 'node:os';
import { native, type BlockingOperation, type NativeError, type ReadRecordOptions, type RecordRead } from '../../native';
import type { Eventually } from '../eventually';

/**
 * One record, cancelled if the command's job is aborted meanwhile. A record that was all there
 * already comes back at once, with no abort listener to add and remove; an aborted job reads
 * nothing, as a cancelled operation would.
 */
export function readOne(fd: number, request: ReadRecordOptions, signal: AbortSignal | undefined): Eventually<RecordRead> {
  if (signal?.aborted === true) throw cancelledError();
  const operation = native.readRecord(fd, request);
  return 'done' in operation ? untilCancelled(operation, signal) : operation;
}

async function untilCancelled(operation: BlockingOperation<RecordRead>, signal: AbortSignal | undefined): Promise<RecordRead> {
  const cancel = () => operation.cancel();
  signal?.addEventListener('abort', cancel);
  try {
    return await operation.done;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** What a cancelled readRecord rejects with. */
function cancelledError(): NativeError {
  return Object.assign(new Error('ECANCELED: operation canceled, readRecord'), { code: 'ECANCELED', errno: constants.errno.ECANCELED, syscall: 'readRecord' });
}
