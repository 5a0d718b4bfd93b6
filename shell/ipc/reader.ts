/**
 * The link's message reader: vscode-jsonrpc's stream reader without its partial-message timer.
 * That timer re-arms every 10 s for as long as a frame stays incomplete, and the reader's dispose
 * does not stop it, so a peer cut off mid-frame left a timer running for good (it kept a test
 * process alive past its deadline). Nothing here uses the partial-message event: the handshake
 * deadline and the frame guard bound a slow or broken peer instead.
 */
import { StreamMessageReader } from 'vscode-jsonrpc/node';

export function linkMessageReader(readable: NodeJS.ReadableStream): StreamMessageReader {
  const reader = new StreamMessageReader(readable);
  reader.partialMessageTimeout = 0;
  return reader;
}
